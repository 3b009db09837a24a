import CGtk

/// The icon theme of the default display.
@MainActor
enum IconTheme {
    /// Lets icons lying directly in `folder` be found by name (`folder/NAME.svg`): the app's own icon
    /// when it runs from the source tree, where no icon theme has it installed.
    static func addSearchPath(_ folder: String) {
        guard let display = gdk_display_get_default() else { return }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), folder)
    }
}
