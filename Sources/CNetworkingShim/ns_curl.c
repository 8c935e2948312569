#include "ns_curl.h"
