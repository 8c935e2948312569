// The system wslay (libwslay-dev): WebSocket framing (RFC 6455) for Networking's WebSocket and the test kit's
// WebSocket server. Debian ships no pkg-config file for it (and its wslayver.h says 1.0.1-DEV for 1.1.1), so
// the module map links it by name.
#include <sys/types.h>
#include <wslay/wslay.h>
