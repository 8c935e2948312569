// The WebSocket benchmark's C baseline, after the prototype's recipe (shared/research/websocket-on-libcurl.md), part
// two: the messages. wslay's client context frames them; everything wslay writes is gathered so that a message
// leaves in one curl_easy_send; curl_multi_poll waits with the socket as its extra descriptor. One thread, no locks,
// no allocation per message beyond wslay's own. Part one, connecting and the upgrade: nsb_websocket_open.c.
#define _GNU_SOURCE
#include "nsb_websocket_internal.h"

#include <openssl/rand.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double nsb_now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

void nsb_set_error(char *error, size_t error_size, const char *format, ...) {
    if (error == NULL || error_size == 0) {
        return;
    }
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, error_size, format, arguments);
    va_end(arguments);
}

int nsb_remaining_ms(double deadline) {
    double remaining = (deadline - nsb_now_seconds()) * 1000;
    if (remaining <= 0) {
        return 0;
    }
    return remaining > 100 ? 100 : (int)remaining + 1;
}

void nsb_wait_socket(nsb_ws *ws, short events, double deadline) {
    struct curl_waitfd descriptor = {.fd = ws->fd, .events = events, .revents = 0};
    curl_multi_poll(ws->multi, &descriptor, 1, nsb_remaining_ms(deadline), NULL);
}

// --- wslay's callbacks ---------------------------------------------------------------------------------------------

static ssize_t receive_callback(wslay_event_context_ptr context, uint8_t *buffer, size_t length, int flags,
                                void *user) {
    (void)flags;
    nsb_ws *ws = user;
    if (ws->leftover_offset < ws->leftover_length) {
        size_t count = ws->leftover_length - ws->leftover_offset;
        count = count < length ? count : length;
        memcpy(buffer, ws->leftover + ws->leftover_offset, count);
        ws->leftover_offset += count;
        return (ssize_t)count;
    }
    size_t received = 0;
    CURLcode code = curl_easy_recv(ws->easy, buffer, length, &received);
    if (code == CURLE_AGAIN) {
        wslay_event_set_error(context, WSLAY_ERR_WOULDBLOCK);
        return -1;
    }
    if (code != CURLE_OK || received == 0) {
        // The end of the stream or an error: -1 without an error set would read as "would block".
        ws->failed = 1;
        wslay_event_set_error(context, WSLAY_ERR_CALLBACK_FAILURE);
        return -1;
    }
    return (ssize_t)received;
}

// Gathers wslay's output (a frame's header and payload come separately, the payload in 4 KiB pieces): trap 9.
static ssize_t send_callback(wslay_event_context_ptr context, const uint8_t *data, size_t length, int flags,
                             void *user) {
    (void)flags;
    nsb_ws *ws = user;
    if (ws->out_length + length > ws->out_capacity) {
        size_t capacity = ws->out_capacity * 2 > ws->out_length + length ? ws->out_capacity * 2
                                                                          : ws->out_length + length;
        unsigned char *grown = realloc(ws->out, capacity);
        if (grown == NULL) {
            wslay_event_set_error(context, WSLAY_ERR_CALLBACK_FAILURE);
            return -1;
        }
        ws->out = grown;
        ws->out_capacity = capacity;
    }
    memcpy(ws->out + ws->out_length, data, length);
    ws->out_length += length;
    return (ssize_t)length;
}

static int genmask_callback(wslay_event_context_ptr context, uint8_t *buffer, size_t length, void *user) {
    (void)context;
    (void)user;
    return RAND_bytes(buffer, (int)length) == 1 ? 0 : -1;
}

static void message_callback(wslay_event_context_ptr context, const struct wslay_event_on_msg_recv_arg *argument,
                             void *user) {
    (void)context;
    nsb_ws *ws = user;
    if (argument->opcode != WSLAY_TEXT_FRAME && argument->opcode != WSLAY_BINARY_FRAME) {
        return;  // wslay answers pings itself; a close is seen through wslay_event_get_close_received
    }
    ws->echo_received = 1;
    ws->echo_mismatch = argument->msg_length != ws->expected_length ||
                        (argument->msg_length > 0 && memcmp(argument->msg, ws->expected, argument->msg_length) != 0);
}

int nsb_start_framing(nsb_ws *ws) {
    struct wslay_event_callbacks callbacks = {
        .recv_callback = receive_callback,
        .send_callback = send_callback,
        .genmask_callback = genmask_callback,
        .on_msg_recv_callback = message_callback,
    };
    if (wslay_event_context_client_init(&ws->wslay, &callbacks, ws) != 0) {
        return -1;
    }
    // Trap 12: wslay accepts 2 GiB messages by default; 16 MiB as Networking's default.
    wslay_event_config_set_max_recv_msg_length(ws->wslay, 16u << 20);
    return 0;
}

// --- output --------------------------------------------------------------------------------------------------------

// Writes the gathered output with one curl_easy_send (more only after a partial write). Returns -1 on failure.
static int flush_output(nsb_ws *ws, char *error, size_t error_size) {
    while (ws->out_offset < ws->out_length) {
        size_t sent = 0;
        CURLcode code = curl_easy_send(ws->easy, ws->out + ws->out_offset, ws->out_length - ws->out_offset, &sent);
        if (code == CURLE_AGAIN) {
            ws->write_blocked = 1;
            return 0;
        }
        if (code != CURLE_OK) {
            nsb_set_error(error, error_size, "curl_easy_send: %s", curl_easy_strerror(code));
            ws->failed = 1;
            return -1;
        }
        ws->out_offset += sent;
    }
    ws->write_blocked = 0;
    ws->out_length = ws->out_offset = 0;
    return 0;
}

// One pass after a wake-up: curl, then read until "would block", then write what wslay framed (pongs, a close).
static int service(nsb_ws *ws, char *error, size_t error_size) {
    int running = 0;
    curl_multi_perform(ws->multi, &running);
    if (wslay_event_want_read(ws->wslay) && wslay_event_recv(ws->wslay) != 0) {
        nsb_set_error(error, error_size, "wslay could not read a frame (the connection %s)",
                  ws->failed ? "ended" : "broke the protocol");
        return -1;
    }
    if (wslay_event_want_write(ws->wslay) && wslay_event_send(ws->wslay) != 0) {
        nsb_set_error(error, error_size, "wslay could not write a frame");
        return -1;
    }
    return flush_output(ws, error, error_size);
}

// --- echo and close ------------------------------------------------------------------------------------------------

int nsb_ws_echo(nsb_ws *ws, int count, const unsigned char *message, size_t message_size, int binary,
                int timeout_ms, double *rtt_seconds_out, char *error, size_t error_size) {
    nsb_set_error(error, error_size, "%s", "");
    struct wslay_event_msg frame = {
        .opcode = binary ? WSLAY_BINARY_FRAME : WSLAY_TEXT_FRAME, .msg = message, .msg_length = message_size};
    ws->expected = message;
    ws->expected_length = message_size;
    for (int index = 0; index < count; index++) {
        double start = nsb_now_seconds();
        double deadline = start + timeout_ms / 1000.0;
        ws->echo_received = 0;
        if (wslay_event_queue_msg(ws->wslay, &frame) != 0) {
            nsb_set_error(error, error_size, "wslay refused message %d", index);
            return index;
        }
        // The whole frame goes to the gathered output, then out in one curl_easy_send.
        if (wslay_event_send(ws->wslay) != 0 || flush_output(ws, error, error_size) != 0) {
            if (error != NULL && error[0] == '\0') {
                nsb_set_error(error, error_size, "wslay could not write message %d", index);
            }
            return index;
        }
        while (!ws->echo_received) {
            if (nsb_now_seconds() > deadline) {
                nsb_set_error(error, error_size, "no echo of message %d within %d ms", index, timeout_ms);
                return index;
            }
            nsb_wait_socket(ws, (short)(POLLIN | (ws->write_blocked ? POLLOUT : 0)), deadline);
            if (service(ws, error, error_size) != 0) {
                return index;
            }
        }
        rtt_seconds_out[index] = nsb_now_seconds() - start;
        if (ws->echo_mismatch) {
            nsb_set_error(error, error_size, "the echo of message %d differs from it", index);
            return index;
        }
    }
    return count;
}

void nsb_ws_close(nsb_ws *ws, int timeout_ms) {
    if (ws == NULL) {
        return;
    }
    if (ws->wslay != NULL && !ws->failed && timeout_ms > 0) {
        double deadline = nsb_now_seconds() + timeout_ms / 1000.0;
        char ignored[256];
        if (wslay_event_queue_close(ws->wslay, 1000, NULL, 0) == 0 && wslay_event_send(ws->wslay) == 0 &&
            flush_output(ws, ignored, sizeof ignored) == 0) {
            while (!wslay_event_get_close_received(ws->wslay) && nsb_now_seconds() < deadline) {
                nsb_wait_socket(ws, (short)(POLLIN | (ws->write_blocked ? POLLOUT : 0)), deadline);
                if (service(ws, ignored, sizeof ignored) != 0) {
                    break;
                }
            }
        }
    }
    // Removing the handle from the multi handle closes the socket.
    if (ws->multi != NULL && ws->easy != NULL) {
        curl_multi_remove_handle(ws->multi, ws->easy);
    }
    if (ws->easy != NULL) {
        curl_easy_cleanup(ws->easy);
    }
    if (ws->multi != NULL) {
        curl_multi_cleanup(ws->multi);
    }
    if (ws->wslay != NULL) {
        wslay_event_context_free(ws->wslay);
    }
    free(ws->leftover);
    free(ws->out);
    free(ws);
}
