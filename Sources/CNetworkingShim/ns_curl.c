#include "ns_curl.h"

CURLcode ns_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

CURLcode ns_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ns_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ns_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ns_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ns_curl_easy_setopt_blob(CURL *handle, CURLoption option, const void *data, size_t length) {
    struct curl_blob blob = {(void *)data, length, CURL_BLOB_COPY};
    return curl_easy_setopt(handle, option, &blob);
}

CURLcode ns_curl_easy_setopt_data_callback(CURL *handle, CURLoption option, ns_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode ns_curl_easy_setopt_prereq_callback(CURL *handle, ns_curl_prereq_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, callback);
}

CURLcode ns_curl_easy_setopt_ssl_ctx_callback(CURL *handle, ns_curl_ssl_ctx_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SSL_CTX_FUNCTION, callback);
}

CURLcode ns_curl_easy_setopt_xferinfo_callback(CURL *handle, ns_curl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

CURLcode ns_curl_easy_setopt_seek_callback(CURL *handle, ns_curl_seek_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
}

CURLcode ns_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode ns_curl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode ns_curl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    char *result = NULL;
    CURLcode code = curl_easy_getinfo(handle, info, &result);
    *value = result;
    return code;
}

SSL *ns_curl_easy_tls_ssl(CURL *handle) {
    struct curl_tlssessioninfo *session = NULL;
    if (curl_easy_getinfo(handle, CURLINFO_TLS_SSL_PTR, &session) != CURLE_OK || session == NULL) {
        return NULL;
    }
    if (session->backend != CURLSSLBACKEND_OPENSSL) {
        return NULL;
    }
    return (SSL *)session->internals;
}

CURLMcode ns_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

curl_socket_t ns_curl_easy_active_socket(CURL *handle) {
    curl_socket_t socket = CURL_SOCKET_BAD;
    if (curl_easy_getinfo(handle, CURLINFO_ACTIVESOCKET, &socket) != CURLE_OK) {
        return CURL_SOCKET_BAD;
    }
    return socket;
}

void ns_ssl_ctx_accept_moving_write_buffer(SSL_CTX *ctx) { SSL_CTX_set_mode(ctx, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER); }

static _Thread_local const void *ns_loop_thread = NULL;

void ns_loop_thread_set(const void *loop) { ns_loop_thread = loop; }

const void *ns_loop_thread_current(void) { return ns_loop_thread; }
