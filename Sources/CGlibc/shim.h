// What PlacesCore needs of glibc beyond Swift's Glibc module (part of libc: nothing to link):
// gettext for translations, malloc_trim to give memory freed after a large import back, and the
// calling thread's id, whose CPU priority background work lowers.
#ifndef PLACES_CGLIBC_SHIM_H
#define PLACES_CGLIBC_SHIM_H
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int places_thread_id(void) { return (int)syscall(SYS_gettid); }
#endif
