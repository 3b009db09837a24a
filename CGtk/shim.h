// The C surface of GTK 4 and GLib that Swift sees. Only PlacesGtk and places import it.
#ifndef PLACES_CGTK_SHIM_H
#define PLACES_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>
#endif
