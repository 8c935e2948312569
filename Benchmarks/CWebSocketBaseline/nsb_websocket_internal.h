// Shared by the C baseline's two files: the socket's state and the helpers both use. Benchmark-only.
#ifndef NSB_WEBSOCKET_INTERNAL_H
#define NSB_WEBSOCKET_INTERNAL_H

#include "nsb_websocket.h"

#include <curl/curl.h>
#include <stddef.h>
#include <wslay/wslay.h>

struct nsb_ws {
    CURLM *multi;
    CURL *easy;
    curl_socket_t fd;
    wslay_event_context_ptr wslay;
    char curl_error[CURL_ERROR_SIZE];
    // Bytes read past the upgrade answer's blank line: wslay's first.
    unsigned char *leftover;
    size_t leftover_length, leftover_offset;
    // Framed bytes not yet written, from out_offset.
    unsigned char *out;
    size_t out_length, out_offset, out_capacity;
    int write_blocked;
    // The message whose echo is awaited.
    const unsigned char *expected;
    size_t expected_length;
    int echo_received, echo_mismatch, failed;
};

/// CLOCK_MONOTONIC in seconds.
double nsb_now_seconds(void);
/// Writes a message into `error` (`error_size` bytes, NUL-terminated); does nothing when `error` is NULL.
void nsb_set_error(char *error, size_t error_size, const char *format, ...);
/// The milliseconds left until `deadline` (nsb_now_seconds), at most 100.
int nsb_remaining_ms(double deadline);
/// Waits for the socket (and curl's own descriptors) at most until `deadline`, 100 ms at a time.
void nsb_wait_socket(nsb_ws *ws, short events, double deadline);
/// Creates the wslay client context of an upgraded socket. Returns -1 on failure.
int nsb_start_framing(nsb_ws *ws);

#endif
