// The WebSocket benchmark's C baseline, after the prototype's recipe (shared/research/websocket-on-libcurl.md), part
// one: opening. libcurl CURLOPT_CONNECT_ONLY on a multi handle of the socket's own (http:// for ws, https:// for wss,
// HTTP/1.1 forced, NOSIGNAL), connected with curl_multi_perform/curl_multi_poll until CURLMSG_DONE, then the upgrade
// written and read by hand over curl_easy_send/curl_easy_recv, the easy handle staying in the multi handle.
//
// Pinning: the pinned certificate is the only one given to OpenSSL (CURLOPT_CAINFO_BLOB, VERIFYPEER and VERIFYHOST
// on), which trusts the same server as Networking's pinning; Networking also runs its verify callback (the pin
// check) on every certificate of the chain, which this baseline does not.
#define _GNU_SOURCE
#include "nsb_websocket_internal.h"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const websocket_guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
static pthread_once_t global_once = PTHREAD_ONCE_INIT;

static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

// Trap 10: the send buffer may move between a partial TLS write and its retry.
static CURLcode ssl_context(CURL *easy, void *context, void *user) {
    (void)easy;
    (void)user;
    SSL_CTX_set_mode((SSL_CTX *)context, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    return CURLE_OK;
}

// The PEM text of a DER certificate, for CURLOPT_CAINFO_BLOB; NULL when it does not parse.
static char *pem_of(const unsigned char *der, size_t length, size_t *pem_length) {
    const unsigned char *cursor = der;
    X509 *certificate = d2i_X509(NULL, &cursor, (long)length);
    if (certificate == NULL) {
        return NULL;
    }
    BIO *bio = BIO_new(BIO_s_mem());
    char *pem = NULL;
    if (bio != NULL && PEM_write_bio_X509(bio, certificate) == 1) {
        char *data = NULL;
        long size = BIO_get_mem_data(bio, &data);
        pem = malloc((size_t)size);
        if (pem != NULL) {
            memcpy(pem, data, (size_t)size);
            *pem_length = (size_t)size;
        }
    }
    BIO_free(bio);
    X509_free(certificate);
    return pem;
}

// --- opening -------------------------------------------------------------------------------------------------------

static int send_all(nsb_ws *ws, const char *data, size_t length, double deadline, char *error, size_t error_size) {
    size_t offset = 0;
    while (offset < length) {
        size_t sent = 0;
        CURLcode code = curl_easy_send(ws->easy, data + offset, length - offset, &sent);
        if (code == CURLE_AGAIN) {
            if (nsb_now_seconds() > deadline) {
                nsb_set_error(error, error_size, "timed out sending the upgrade request");
                return -1;
            }
            nsb_wait_socket(ws, POLLOUT, deadline);
            continue;
        }
        if (code != CURLE_OK) {
            nsb_set_error(error, error_size, "sending the upgrade request: %s", curl_easy_strerror(code));
            return -1;
        }
        offset += sent;
    }
    return 0;
}

static void base64(const unsigned char *bytes, size_t length, char *out) {
    EVP_EncodeBlock((unsigned char *)out, bytes, (int)length);
}

// Sends the upgrade request and reads its answer up to the blank line; checks 101 and Sec-WebSocket-Accept.
static int upgrade(nsb_ws *ws, const char *host, const char *path, double deadline, char *error, size_t error_size) {
    unsigned char nonce[16];
    char key[32], request[1024];
    RAND_bytes(nonce, sizeof nonce);
    base64(nonce, sizeof nonce, key);
    int length = snprintf(request, sizeof request,
                          "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
                          path, host, key);
    // Trap 3: the connection must be used at once, before anything could close it as idle.
    if (length <= 0 || (size_t)length >= sizeof request ||
        send_all(ws, request, (size_t)length, deadline, error, error_size) != 0) {
        return -1;
    }
    char answer[8192];
    size_t used = 0;
    char *end = NULL;
    while (end == NULL) {
        if (used == sizeof answer - 1) {
            nsb_set_error(error, error_size, "the upgrade answer's head is longer than %zu bytes", sizeof answer);
            return -1;
        }
        size_t received = 0;
        CURLcode code = curl_easy_recv(ws->easy, answer + used, sizeof answer - 1 - used, &received);
        if (code == CURLE_AGAIN) {
            if (nsb_now_seconds() > deadline) {
                nsb_set_error(error, error_size, "timed out waiting for the upgrade answer");
                return -1;
            }
            nsb_wait_socket(ws, POLLIN, deadline);
            continue;
        }
        if (code != CURLE_OK || received == 0) {
            nsb_set_error(error, error_size, "reading the upgrade answer: %s",
                      code == CURLE_OK ? "the server closed the connection" : curl_easy_strerror(code));
            return -1;
        }
        used += received;
        answer[used] = '\0';
        end = strstr(answer, "\r\n\r\n");
    }
    size_t head = (size_t)(end - answer) + 4;
    if (strncmp(answer, "HTTP/1.1 101", 12) != 0) {
        nsb_set_error(error, error_size, "the server refused the upgrade: %.*s", (int)strcspn(answer, "\r"), answer);
        return -1;
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digest_length = 0;
    char concatenated[128], expected[64];
    snprintf(concatenated, sizeof concatenated, "%s%s", key, websocket_guid);
    EVP_Digest(concatenated, strlen(concatenated), digest, &digest_length, EVP_sha1(), NULL);
    base64(digest, digest_length, expected);
    const char *field = strcasestr(answer, "\r\nSec-WebSocket-Accept:");
    if (field == NULL || field > end) {
        nsb_set_error(error, error_size, "the upgrade answer has no Sec-WebSocket-Accept");
        return -1;
    }
    field += strlen("\r\nSec-WebSocket-Accept:");
    field += strspn(field, " \t");
    if (strncmp(field, expected, strlen(expected)) != 0) {
        nsb_set_error(error, error_size, "the upgrade answer's Sec-WebSocket-Accept is wrong");
        return -1;
    }
    if (used > head) {
        ws->leftover = malloc(used - head);
        if (ws->leftover == NULL) {
            nsb_set_error(error, error_size, "out of memory");
            return -1;
        }
        memcpy(ws->leftover, answer + head, used - head);
        ws->leftover_length = used - head;
    }
    return 0;
}

// Connects with CONNECT_ONLY on the multi handle until CURLMSG_DONE, and takes the socket (the handle stays in).
static int connect_handle(nsb_ws *ws, double deadline, char *error, size_t error_size) {
    CURLMcode added = curl_multi_add_handle(ws->multi, ws->easy);
    if (added != CURLM_OK) {
        nsb_set_error(error, error_size, "curl_multi_add_handle: %s", curl_multi_strerror(added));
        return -1;
    }
    for (;;) {
        int running = 0, left = 0;
        curl_multi_perform(ws->multi, &running);
        CURLMsg *message;
        while ((message = curl_multi_info_read(ws->multi, &left)) != NULL) {
            if (message->msg != CURLMSG_DONE) {
                continue;
            }
            CURLcode result = message->data.result;
            if (result != CURLE_OK) {
                nsb_set_error(error, error_size, "connecting: %s (%d)",
                          ws->curl_error[0] ? ws->curl_error : curl_easy_strerror(result), (int)result);
                return -1;
            }
            curl_socket_t fd = CURL_SOCKET_BAD;
            if (curl_easy_getinfo(ws->easy, CURLINFO_ACTIVESOCKET, &fd) != CURLE_OK || fd == CURL_SOCKET_BAD) {
                nsb_set_error(error, error_size, "no active socket after connecting");
                return -1;
            }
            ws->fd = fd;
            return 0;
        }
        if (nsb_now_seconds() > deadline) {
            nsb_set_error(error, error_size, "timed out connecting");
            return -1;
        }
        curl_multi_poll(ws->multi, NULL, 0, nsb_remaining_ms(deadline), NULL);
    }
}

// Configures the connect-only handle for the http(s) URL; `pem` is the trusted certificate for https, or NULL.
static int configure(nsb_ws *ws, const char *url, const char *pem, size_t pem_length, int timeout_ms) {
    CURLcode code = CURLE_OK;
    code |= curl_easy_setopt(ws->easy, CURLOPT_URL, url);
    code |= curl_easy_setopt(ws->easy, CURLOPT_CONNECT_ONLY, 1L);
    code |= curl_easy_setopt(ws->easy, CURLOPT_NOSIGNAL, 1L);
    // Trap 1: an h2 ALPN answer would break curl_easy_recv.
    code |= curl_easy_setopt(ws->easy, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1);
    code |= curl_easy_setopt(ws->easy, CURLOPT_CONNECTTIMEOUT_MS, (long)timeout_ms);
    code |= curl_easy_setopt(ws->easy, CURLOPT_ERRORBUFFER, ws->curl_error);
    if (pem != NULL) {
        struct curl_blob blob = {.data = (void *)pem, .len = pem_length, .flags = CURL_BLOB_COPY};
        code |= curl_easy_setopt(ws->easy, CURLOPT_CAINFO_BLOB, &blob);
        code |= curl_easy_setopt(ws->easy, CURLOPT_SSL_VERIFYPEER, 1L);
        code |= curl_easy_setopt(ws->easy, CURLOPT_SSL_VERIFYHOST, 2L);
        // Trap 6: a resumed session would skip verification.
        code |= curl_easy_setopt(ws->easy, CURLOPT_SSL_SESSIONID_CACHE, 0L);
        code |= curl_easy_setopt(ws->easy, CURLOPT_SSL_CTX_FUNCTION, ssl_context);
    }
    return code == CURLE_OK ? 0 : -1;
}

nsb_ws *nsb_ws_open(const char *url, const unsigned char *pin_der, size_t pin_der_length, int timeout_ms,
                    char *error, size_t error_size) {
    pthread_once(&global_once, global_init);
    nsb_set_error(error, error_size, "%s", "");
    int secure = strncmp(url, "wss://", 6) == 0;
    if (!secure && strncmp(url, "ws://", 5) != 0) {
        nsb_set_error(error, error_size, "%s is not a ws or wss URL", url);
        return NULL;
    }
    if (secure && pin_der == NULL) {
        nsb_set_error(error, error_size, "wss needs the pinned certificate");
        return NULL;
    }
    // Trap: libcurl 7.88 rejects ws:// (CURLE_UNSUPPORTED_PROTOCOL): http:// for ws, https:// for wss.
    char http_url[2048];
    snprintf(http_url, sizeof http_url, "%s%s", secure ? "https://" : "http://", url + (secure ? 6 : 5));

    char host[512] = "", path[1536] = "/";
    CURLU *parsed = curl_url();
    if (parsed == NULL || curl_url_set(parsed, CURLUPART_URL, http_url, 0) != CURLUE_OK) {
        curl_url_cleanup(parsed);
        nsb_set_error(error, error_size, "cannot parse %s", url);
        return NULL;
    }
    char *part = NULL;
    if (curl_url_get(parsed, CURLUPART_HOST, &part, 0) == CURLUE_OK) {
        snprintf(host, sizeof host, "%s", part);
        curl_free(part);
    }
    if (curl_url_get(parsed, CURLUPART_PORT, &part, 0) == CURLUE_OK) {
        size_t used = strlen(host);
        snprintf(host + used, sizeof host - used, ":%s", part);
        curl_free(part);
    }
    if (curl_url_get(parsed, CURLUPART_PATH, &part, 0) == CURLUE_OK) {
        snprintf(path, sizeof path, "%s", part);
        curl_free(part);
    }
    curl_url_cleanup(parsed);

    nsb_ws *ws = calloc(1, sizeof *ws);
    if (ws == NULL) {
        nsb_set_error(error, error_size, "out of memory");
        return NULL;
    }
    ws->fd = CURL_SOCKET_BAD;
    ws->multi = curl_multi_init();
    ws->easy = curl_easy_init();
    char *pem = NULL;
    size_t pem_length = 0;
    if (secure && (pem = pem_of(pin_der, pin_der_length, &pem_length)) == NULL) {
        nsb_set_error(error, error_size, "the pinned certificate is not a DER certificate");
        nsb_ws_close(ws, 0);
        return NULL;
    }
    double deadline = nsb_now_seconds() + timeout_ms / 1000.0;
    int configured = ws->multi != NULL && ws->easy != NULL && configure(ws, http_url, pem, pem_length, timeout_ms) == 0;
    free(pem);
    if (!configured) {
        nsb_set_error(error, error_size, "libcurl refused the handle's options");
        nsb_ws_close(ws, 0);
        return NULL;
    }
    if (connect_handle(ws, deadline, error, error_size) != 0 ||
        upgrade(ws, host, path, deadline, error, error_size) != 0) {
        nsb_ws_close(ws, 0);
        return NULL;
    }
    if (nsb_start_framing(ws) != 0) {
        nsb_set_error(error, error_size, "wslay could not create a context");
        nsb_ws_close(ws, 0);
        return NULL;
    }
    return ws;
}

