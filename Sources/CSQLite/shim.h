// The system SQLite (libsqlite3-dev), for NetworkingStore.
#include <sqlite3.h>
