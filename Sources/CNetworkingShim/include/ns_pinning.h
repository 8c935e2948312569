// OpenSSL helpers for certificate pinning that Swift cannot import (function-like macros).
#ifndef NS_PINNING_H
#define NS_PINNING_H

#include <curl/curl.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

/// A release function for SSL_CTX ex_data: called with the stored pointer when the SSL_CTX is freed.
typedef void (*ns_release_callback)(void *pointer);

/// Registers (once per `release`) an SSL_CTX ex_data index whose values are released with `release`
/// when their SSL_CTX is freed; returns the index, or -1.
int ns_ssl_ctx_owned_index(ns_release_callback release);

/// The number of certificates in a certificate stack (NULL counts 0).
int ns_x509_stack_count(const STACK_OF(X509) *stack);
/// The certificate at `index` of a certificate stack (borrowed).
X509 *ns_x509_stack_get(const STACK_OF(X509) *stack, int index);

/// The `SSL *` a certificate verification context belongs to (during a handshake), or NULL.
SSL *ns_x509_store_ctx_ssl(X509_STORE_CTX *context);

/// An SSL ex_data index (registered once) where the pin check marks a connection whose peer it accepted,
/// with the identifier of the pinned set; or -1.
int ns_ssl_verified_index(void);

/// Refuses TLS 1.2 renegotiation on connections made from `ctx`: the peer was verified once, in the first
/// handshake, and may not swap its certificate afterwards.
void ns_ssl_ctx_refuse_renegotiation(SSL_CTX *ctx);

#endif
