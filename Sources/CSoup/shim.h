// libsoup 3 (Debian's libsoup-3.0-0), for online map tiles: loaded with dlopen the first time the
// person turns online tiles on, never linked, so that a launch that fetches nothing (the default)
// neither loads it nor pays for its libraries. Only the few calls Places makes are declared, with
// libsoup 3's own signatures; GLib and GIO come from CGtk's headers.
#ifndef PLACES_CSOUP_SHIM_H
#define PLACES_CSOUP_SHIM_H
#include <gio/gio.h>
#include <dlfcn.h>

typedef struct _SoupSession SoupSession;
typedef struct _SoupMessage SoupMessage;
typedef struct _SoupMessageHeaders SoupMessageHeaders;

typedef struct {
    GType (*session_get_type)(void);
    SoupMessage *(*message_new)(const char *method, const char *uri_string);
    SoupMessageHeaders *(*message_get_request_headers)(SoupMessage *message);
    SoupMessageHeaders *(*message_get_response_headers)(SoupMessage *message);
    guint (*message_get_status)(SoupMessage *message);
    void (*message_headers_replace)(SoupMessageHeaders *headers, const char *name, const char *value);
    const char *(*message_headers_get_one)(SoupMessageHeaders *headers, const char *name);
    goffset (*message_headers_get_content_length)(SoupMessageHeaders *headers);
    void (*session_send_async)(SoupSession *session, SoupMessage *message, int io_priority, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);
    GInputStream *(*session_send_finish)(SoupSession *session, GAsyncResult *result, GError **error);
} PlacesSoup;

/// Fills `soup` from libsoup 3; false when the library or one of its calls is missing.
static inline gboolean places_soup_load(PlacesSoup *soup) {
    void *library = dlopen("libsoup-3.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return FALSE;
#define PLACES_SOUP(field, name) if ((*(void **)&soup->field = dlsym(library, name)) == NULL) return FALSE;
    PLACES_SOUP(session_get_type, "soup_session_get_type")
    PLACES_SOUP(message_new, "soup_message_new")
    PLACES_SOUP(message_get_request_headers, "soup_message_get_request_headers")
    PLACES_SOUP(message_get_response_headers, "soup_message_get_response_headers")
    PLACES_SOUP(message_get_status, "soup_message_get_status")
    PLACES_SOUP(message_headers_replace, "soup_message_headers_replace")
    PLACES_SOUP(message_headers_get_one, "soup_message_headers_get_one")
    PLACES_SOUP(message_headers_get_content_length, "soup_message_headers_get_content_length")
    PLACES_SOUP(session_send_async, "soup_session_send_async")
    PLACES_SOUP(session_send_finish, "soup_session_send_finish")
#undef PLACES_SOUP
    return TRUE;
}

/// A session naming Places in its User-Agent, with at most two connections to a server (as
/// OpenStreetMap's tile usage policy asks) and `timeout` seconds for an answer.
static inline SoupSession *places_soup_session_new(const PlacesSoup *soup, const char *user_agent, guint timeout) {
    return (SoupSession *)g_object_new(soup->session_get_type(), "user-agent", user_agent, "timeout", timeout,
                                       "max-conns-per-host", 2, "max-conns", 2, NULL);
}
#endif
