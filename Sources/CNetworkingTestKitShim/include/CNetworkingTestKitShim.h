// Umbrella header of the test kit's C shim: OpenSSL helpers for NetworkingTestKit's MockServer,
// TestCertificate and the tests' TLS client. Every symbol is prefixed `ns_server_`.
#ifndef C_NETWORKING_TEST_KIT_SHIM_H
#define C_NETWORKING_TEST_KIT_SHIM_H

#include "ns_server.h"

#endif
