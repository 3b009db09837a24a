// zlib, for the gzip-compressed directories of PMTiles map files and the deflated KML of a KMZ
// export (Debian's zlib1g-dev). Not "CZlib": ZIPFoundation has a module of that name.
#ifndef PLACES_CZLIB_SHIM_H
#define PLACES_CZLIB_SHIM_H
#include <zlib.h>
// inflateInit2 is a macro over inflateInit2_; Swift cannot import it.
static inline int places_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
// deflateInit2 too.
static inline int places_deflate_init2(z_streamp stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
#endif
