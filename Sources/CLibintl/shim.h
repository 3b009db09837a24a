// glibc's gettext (part of libc: nothing to link), for PlacesCore's translations.
#ifndef PLACES_CLIBINTL_SHIM_H
#define PLACES_CLIBINTL_SHIM_H
#include <libintl.h>
#include <locale.h>
#endif
