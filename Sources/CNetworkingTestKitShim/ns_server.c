#include "ns_server.h"

#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/x509v3.h>

static const unsigned char ns_server_alpn_http11[] = {8, 'h', 't', 't', 'p', '/', '1', '.', '1'};

// ALPN selection: speak HTTP/1.1 only; a client offering nothing we know gets no ALPN answer.
static int ns_server_alpn_select(SSL *ssl, const unsigned char **out, unsigned char *outlen,
                                 const unsigned char *in, unsigned int inlen, void *arg) {
    (void)ssl;
    (void)arg;
    unsigned char *selected = NULL;
    unsigned char selected_length = 0;
    int result = SSL_select_next_proto(&selected, &selected_length, ns_server_alpn_http11,
                                       sizeof(ns_server_alpn_http11), in, inlen);
    if (result != OPENSSL_NPN_NEGOTIATED) {
        return SSL_TLSEXT_ERR_NOACK;
    }
    *out = selected;
    *outlen = selected_length;
    return SSL_TLSEXT_ERR_OK;
}

int ns_server_configure_context(SSL_CTX *ctx) {
    if (ctx == NULL) {
        return 0;
    }
    if (SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION) != 1) {
        return 0;
    }
    SSL_CTX_set_mode(ctx, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    SSL_CTX_set_alpn_select_cb(ctx, ns_server_alpn_select, NULL);
    return 1;
}

int ns_server_configure_client_context(SSL_CTX *ctx) {
    if (ctx == NULL) {
        return 0;
    }
    if (SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION) != 1) {
        return 0;
    }
    SSL_CTX_set_mode(ctx, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    return 1;
}

int ns_server_set_host_name(SSL *ssl, const char *name) {
    if (ssl == NULL || name == NULL) {
        return 0;
    }
    return SSL_set_tlsext_host_name(ssl, name) == 1 ? 1 : 0;
}

EVP_PKEY *ns_server_generate_ec_key(void) {
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    if (ctx == NULL) {
        return NULL;
    }
    if (EVP_PKEY_keygen_init(ctx) <= 0 || EVP_PKEY_CTX_set_ec_paramgen_curve_nid(ctx, NID_X9_62_prime256v1) <= 0 ||
        EVP_PKEY_keygen(ctx, &key) <= 0) {
        EVP_PKEY_free(key);
        key = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    return key;
}

int ns_server_add_extension(X509 *certificate, int nid, const char *value) {
    if (certificate == NULL || value == NULL) {
        return 0;
    }
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, certificate, certificate, NULL, NULL, 0);
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
    if (extension == NULL) {
        return 0;
    }
    int result = X509_add_ext(certificate, extension, -1);
    X509_EXTENSION_free(extension);
    return result == 1 ? 1 : 0;
}

int ns_server_add_chain_certificate(SSL_CTX *ctx, X509 *certificate) {
    if (ctx == NULL || certificate == NULL) {
        return 0;
    }
    return SSL_CTX_add1_chain_cert(ctx, certificate) == 1 ? 1 : 0;
}
