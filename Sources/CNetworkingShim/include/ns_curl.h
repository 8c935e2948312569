// Typed wrappers around libcurl's variadic setopt/getinfo functions, which Swift cannot call.
#ifndef NS_CURL_H
#define NS_CURL_H

#include <curl/curl.h>
#include <openssl/ssl.h>

/// A write or header callback: `count` items of `size` bytes at `data`; returns the bytes consumed.
typedef size_t (*ns_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// A pre-request callback (CURLOPT_PREREQFUNCTION): returns CURL_PREREQFUNC_OK or _ABORT.
typedef int (*ns_curl_prereq_callback)(void *context, char *primary_ip, char *local_ip, int primary_port,
                                       int local_port);
/// A transfer-info callback (CURLOPT_XFERINFOFUNCTION): totals and progress so far; non-zero aborts.
typedef int (*ns_curl_xferinfo_callback)(void *context, curl_off_t download_total, curl_off_t download_now,
                                         curl_off_t upload_total, curl_off_t upload_now);
/// A seek callback (CURLOPT_SEEKFUNCTION) for rewinding an upload: returns CURL_SEEKFUNC_OK or _FAIL.
typedef int (*ns_curl_seek_callback)(void *context, curl_off_t offset, int origin);
/// An SSL context callback (CURLOPT_SSL_CTX_FUNCTION): `ssl_ctx` is the connection's `SSL_CTX *`.
typedef CURLcode (*ns_curl_ssl_ctx_callback)(CURL *handle, void *ssl_ctx, void *context);

static const int NS_CURL_PREREQFUNC_OK = CURL_PREREQFUNC_OK;
static const int NS_CURL_PREREQFUNC_ABORT = CURL_PREREQFUNC_ABORT;
static const long NS_CURL_HTTP_VERSION_2TLS = CURL_HTTP_VERSION_2TLS;
static const size_t NS_CURL_ERROR_SIZE = CURL_ERROR_SIZE;
static const size_t NS_CURL_READFUNC_ABORT = CURL_READFUNC_ABORT;
static const int NS_CURL_SEEKFUNC_OK = CURL_SEEKFUNC_OK;
static const int NS_CURL_SEEKFUNC_FAIL = CURL_SEEKFUNC_FAIL;

/// curl_global_init(CURL_GLOBAL_DEFAULT); thread-safe in libcurl >= 7.84.
CURLcode ns_curl_global_init(void);

CURLcode ns_curl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ns_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
/// For string options (copied by libcurl) and COPYPOSTFIELDS (copied, length from POSTFIELDSIZE_LARGE).
CURLcode ns_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
/// For pointer options: *DATA user pointers, HTTPHEADER (a curl_slist), ERRORBUFFER.
CURLcode ns_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
/// For blob options; libcurl copies the bytes.
CURLcode ns_curl_easy_setopt_blob(CURL *handle, CURLoption option, const void *data, size_t length);
CURLcode ns_curl_easy_setopt_data_callback(CURL *handle, CURLoption option, ns_curl_data_callback callback);
CURLcode ns_curl_easy_setopt_prereq_callback(CURL *handle, ns_curl_prereq_callback callback);
CURLcode ns_curl_easy_setopt_ssl_ctx_callback(CURL *handle, ns_curl_ssl_ctx_callback callback);
CURLcode ns_curl_easy_setopt_xferinfo_callback(CURL *handle, ns_curl_xferinfo_callback callback);
CURLcode ns_curl_easy_setopt_seek_callback(CURL *handle, ns_curl_seek_callback callback);

CURLcode ns_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ns_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
/// The string is owned by the handle and valid until it is cleaned up.
CURLcode ns_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
/// The OpenSSL `SSL *` of the handle's current connection, or NULL (no TLS, or another backend).
SSL *ns_curl_easy_tls_ssl(CURL *handle);

CURLMcode ns_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// The socket of a CONNECT_ONLY transfer's connection (CURLINFO_ACTIVESOCKET), or CURL_SOCKET_BAD.
curl_socket_t ns_curl_easy_active_socket(CURL *handle);
/// Lets OpenSSL retry a partial write from another buffer address (SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER), as a
/// WebSocket's send queue does after CURLE_AGAIN; curl itself sets only SSL_MODE_RELEASE_BUFFERS.
void ns_ssl_ctx_accept_moving_write_buffer(SSL_CTX *ctx);
static const long NS_CURL_HTTP_VERSION_1_1 = CURL_HTTP_VERSION_1_1;
static const curl_socket_t NS_CURL_SOCKET_BAD = CURL_SOCKET_BAD;

/// Marks the calling thread as the thread of the event loop `loop` (a thread-local; NULL on every other thread).
void ns_loop_thread_set(const void *loop);
/// The event loop whose thread calls this, or NULL when called from any other thread.
const void *ns_loop_thread_current(void);

#endif
