#ifndef NS_CURL_H
#define NS_CURL_H

#include <curl/curl.h>
#include <openssl/ssl.h>

#endif
