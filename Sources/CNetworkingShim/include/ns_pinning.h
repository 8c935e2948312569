#ifndef NS_PINNING_H
#define NS_PINNING_H

#include <curl/curl.h>
#include <openssl/ssl.h>

#endif
