// libxml2's push parser and SAX2 interface, for PlacesCore's GPX and KML readers (Debian's libxml2-dev).
#ifndef PLACES_CLIBXML2_SHIM_H
#define PLACES_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the ICU inside Swift's Foundation. Only
// the fields of the encoding handler depend on it, and Places never touches those.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
