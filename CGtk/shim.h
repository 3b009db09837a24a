// The C surface of GTK 4, libadwaita and GLib that Swift sees. Only PlacesGtk, places and the probes
// import it. libadwaita lives in this module, not a sibling one: every libadwaita header includes
// GTK's, its types derive from GTK's, and no file would import one without the other.
#ifndef PLACES_CGTK_SHIM_H
#define PLACES_CGTK_SHIM_H
#include <adwaita.h>
#include <glib-unix.h>
#include <sys/eventfd.h>
#endif
