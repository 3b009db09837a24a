import CGtk

/// The few styles GTK's default theme lacks: the card's surface, the error banner and confirmation colours.
@MainActor
enum Stylesheet {
    static let css = """
        .place-card { background-color: @theme_base_color; border-top: 1px solid alpha(@borders, 0.8); }
        .error-banner { background-color: #c01c28; color: white; border-radius: 6px; padding: 6px; }
        .error-banner button { color: white; }
        label.error { color: #c01c28; }
        label.success { color: #26a269; font-weight: bold; }
        """

    static func install() {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(UnsafeMutableRawPointer(provider)), 600)
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
