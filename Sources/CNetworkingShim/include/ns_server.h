#ifndef NS_SERVER_H
#define NS_SERVER_H

#include <curl/curl.h>
#include <openssl/ssl.h>

#endif
