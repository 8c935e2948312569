#include "ns_pinning.h"

#include <pthread.h>

static ns_release_callback ns_owned_release = NULL;
static int ns_owned_index = -1;
static pthread_mutex_t ns_owned_lock = PTHREAD_MUTEX_INITIALIZER;

static void ns_owned_free(void *parent, void *pointer, CRYPTO_EX_DATA *data, int index, long argl, void *argp) {
    (void)parent;
    (void)data;
    (void)index;
    (void)argl;
    (void)argp;
    if (pointer != NULL && ns_owned_release != NULL) {
        ns_owned_release(pointer);
    }
}

int ns_ssl_ctx_owned_index(ns_release_callback release) {
    pthread_mutex_lock(&ns_owned_lock);
    if (ns_owned_index < 0) {
        ns_owned_release = release;
        ns_owned_index = SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, ns_owned_free);
    }
    int index = ns_owned_index;
    pthread_mutex_unlock(&ns_owned_lock);
    return index;
}

int ns_x509_stack_count(const STACK_OF(X509) *stack) { return stack == NULL ? 0 : sk_X509_num(stack); }

X509 *ns_x509_stack_get(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }

SSL *ns_x509_store_ctx_ssl(X509_STORE_CTX *context) {
    return X509_STORE_CTX_get_ex_data(context, SSL_get_ex_data_X509_STORE_CTX_idx());
}

static int ns_verified_index = -1;
static pthread_once_t ns_verified_once = PTHREAD_ONCE_INIT;

static void ns_register_verified_index(void) { ns_verified_index = SSL_get_ex_new_index(0, NULL, NULL, NULL, NULL); }

int ns_ssl_verified_index(void) {
    pthread_once(&ns_verified_once, ns_register_verified_index);
    return ns_verified_index;
}

void ns_ssl_ctx_refuse_renegotiation(SSL_CTX *ctx) { SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION); }
