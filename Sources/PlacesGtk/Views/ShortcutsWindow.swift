import CGtk

/// The keyboard shortcuts window (F1 or Ctrl+?), GTK's `GtkShortcutsWindow` built from a description.
@MainActor
enum ShortcutsWindow {
    private static let sections: [(title: String, shortcuts: [(accelerator: String, title: String)])] = [
        ("General", [
            ("<Control>1", "Show the map"), ("<Control>2", "Show the places list"), ("<Control>3", "Show the profile"),
            ("<Control>f", "Search places"), ("Escape", "Close the place card"), ("<Control>o", "Import places from GeoJSON files"),
            ("<Control><Shift>e", "Export favourites as GeoJSON"), ("F1 <Control>question", "Keyboard shortcuts"), ("<Control>q", "Quit"),
        ]),
        ("Map", [
            ("plus", "Zoom in"), ("minus", "Zoom out"), ("Left Right Up Down", "Move the map"),
        ]),
    ]

    /// Attaches the shortcuts window to `window` as its help overlay (action `win.show-help-overlay`).
    static func attach(to window: UnsafeMutablePointer<GtkWidget>) {
        guard let builder = gtk_builder_new_from_string(description, -1) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let overlay = gtk_builder_get_object(builder, "help_overlay") else { return }
        gtk_application_window_set_help_overlay(
            window.cast(gtk_application_window_get_type()), OpaquePointer(UnsafeMutableRawPointer(overlay))
        )
    }

    private static var description: String {
        let groups = sections.map { section in
            let items = section.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="accelerator">\(Markup.escape(shortcut.accelerator))</property>
                  <property name="title">\(Markup.escape(shortcut.title))</property>
                </object></child>
                """
            }.joined(separator: "\n")
            return """
                <child><object class="GtkShortcutsGroup">
                  <property name="title">\(Markup.escape(section.title))</property>
                  \(items)
                </object></child>
                """
        }.joined(separator: "\n")
        return """
            <interface>
              <object class="GtkShortcutsWindow" id="help_overlay">
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection">
                  <property name="section-name">shortcuts</property>
                  <property name="max-height">12</property>
                  \(groups)
                </object></child>
              </object>
            </interface>
            """
    }
}
