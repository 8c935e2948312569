// The WebSocket benchmark's C baseline: the prototype's recipe (shared/research/websocket-on-libcurl.md) in plain
// C, single-threaded, with nothing between the caller and libcurl + wslay. Benchmark-only: nothing here ships.
#ifndef NSB_WEBSOCKET_H
#define NSB_WEBSOCKET_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One open WebSocket: a libcurl connect-only handle on a multi handle of its own, and a wslay client context.
typedef struct nsb_ws nsb_ws;

/// Connects to `url` (ws:// or wss://) and runs the HTTP/1.1 upgrade.
/// For wss, `pin_der` (`pin_der_length` bytes) is the only certificate trusted (CURLOPT_CAINFO_BLOB, peer and
/// host verified); NULL for ws. `timeout_ms` bounds the connection and the upgrade.
/// Returns the socket, or NULL with a message in `error` (`error_size` bytes, NUL-terminated).
nsb_ws *nsb_ws_open(const char *url, const unsigned char *pin_der, size_t pin_der_length, int timeout_ms,
                    char *error, size_t error_size);

/// Echo round trips: `count` times, sends `message` (`message_size` bytes; a text frame if `binary` is 0, else a
/// binary frame) and waits for the same bytes back, storing each round trip in seconds (CLOCK_MONOTONIC, from
/// before the send to after the echo arrived whole) in `rtt_seconds_out[i]`. `timeout_ms` bounds each round trip.
/// Returns the number of round trips completed: `count`, or fewer with a message in `error`.
int nsb_ws_echo(nsb_ws *ws, int count, const unsigned char *message, size_t message_size, int binary,
                int timeout_ms, double *rtt_seconds_out, char *error, size_t error_size);

/// Sends close 1000, waits at most `timeout_ms` for the peer's close, then closes the connection and frees
/// everything. Takes NULL.
void nsb_ws_close(nsb_ws *ws, int timeout_ms);

#ifdef __cplusplus
}
#endif

#endif
