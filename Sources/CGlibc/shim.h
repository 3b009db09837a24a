// What PlacesCore needs of glibc beyond Swift's Glibc module (part of libc: nothing to link):
// gettext for translations, malloc_trim to give memory freed after a large import back.
#ifndef PLACES_CGLIBC_SHIM_H
#define PLACES_CGLIBC_SHIM_H
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
#endif
