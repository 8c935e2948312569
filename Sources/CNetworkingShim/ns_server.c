#include "ns_server.h"
