// SQLite, for reading MBTiles map files (Debian's libsqlite3-dev). Read-only: Places never writes one.
#ifndef PLACES_CSQLITE_SHIM_H
#define PLACES_CSQLITE_SHIM_H
#include <sqlite3.h>
// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type places_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
