import CGtk

/// Application-wide CSS, added above the theme for the whole display.
@MainActor
enum Stylesheet {
    static func install(_ css: String) {
        guard let display = gdk_display_get_default(), let provider = gtk_css_provider_new() else { return }
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider.gpointer), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        provider.unref()
    }
}
