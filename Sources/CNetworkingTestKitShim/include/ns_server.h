// Helpers for the test kit's loopback server (NetworkingTestKit) and its tests, wrapping OpenSSL macros
// that Swift cannot import. Every symbol is prefixed `ns_server_`. Test-only: not part of the shim that
// ships inside Networking.
#ifndef NS_SERVER_H
#define NS_SERVER_H

#include <openssl/ssl.h>

/// Configures a server context: TLS 1.2 or later, moving write buffers accepted (Swift may hand a
/// retried SSL_write a different address), and ALPN answering only `http/1.1`.
/// Returns 1 on success, 0 on failure.
int ns_server_configure_context(SSL_CTX *ctx);

/// Configures a client context used by tests: TLS 1.2 or later. Returns 1 on success, 0 on failure.
int ns_server_configure_client_context(SSL_CTX *ctx);

/// Sets the SNI host name on a client connection. Returns 1 on success, 0 on failure.
int ns_server_set_host_name(SSL *ssl, const char *name);

/// Generates an EC P-256 key pair, or returns NULL.
EVP_PKEY *ns_server_generate_ec_key(void);

/// Adds an X509 v3 extension given in OpenSSL configuration syntax (for example
/// "DNS:localhost,IP:127.0.0.1" for NID_subject_alt_name) to a self-signed certificate.
/// Returns 1 on success, 0 on failure.
int ns_server_add_extension(X509 *certificate, int nid, const char *value);

/// Adds `certificate` (the context takes its own reference) to the chain a server context sends after its
/// certificate, such as an intermediate CA. Returns 1 on success, 0 on failure.
int ns_server_add_chain_certificate(SSL_CTX *ctx, X509 *certificate);

#endif
