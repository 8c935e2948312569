// Umbrella header of the C shim: what Swift cannot import directly from libcurl and OpenSSL
// (variadic functions, function-like macros). Every symbol is prefixed `ns_`.
#ifndef C_NETWORKING_SHIM_H
#define C_NETWORKING_SHIM_H

#include "ns_curl.h"
#include "ns_pinning.h"

#endif
