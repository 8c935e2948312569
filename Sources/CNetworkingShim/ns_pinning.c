#include "ns_pinning.h"
