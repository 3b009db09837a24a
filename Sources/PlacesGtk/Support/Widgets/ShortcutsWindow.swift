import CGtk

/// GTK's keyboard shortcuts window (`GtkShortcutsWindow`), built from groups of shortcuts.
@MainActor
enum ShortcutsWindow {
    /// One row: the accelerators as GTK writes them (`"<Control>f"`, several separated by spaces) and what they do.
    struct Shortcut {
        var accelerators: String
        var title: String
    }

    /// A window listing `groups` (titled lists of shortcuts).
    static func make(_ groups: [(title: String, shortcuts: [Shortcut])]) -> Window? {
        let description = interface(groups)
        guard let builder = gtk_builder_new_from_string(description, -1) else { return nil }
        defer { builder.unref() }
        guard let window = gtk_builder_get_object(builder, "shortcuts") else { return nil }
        return Window(adopting: UnsafeMutableRawPointer(window))
    }

    private static func interface(_ groups: [(title: String, shortcuts: [Shortcut])]) -> String {
        let body = groups.map { group in
            let rows = group.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">
                  <property name="accelerator">\(Markup.escape(shortcut.accelerators))</property>
                  <property name="title">\(Markup.escape(shortcut.title))</property>
                </object></child>
                """
            }.joined(separator: "\n")
            return """
                <child><object class="GtkShortcutsGroup">
                  <property name="title">\(Markup.escape(group.title))</property>
                  \(rows)
                </object></child>
                """
        }.joined(separator: "\n")
        return """
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection">
                  <property name="section-name">shortcuts</property>
                  <property name="max-height">14</property>
                  \(body)
                </object></child>
              </object>
            </interface>
            """
    }
}
