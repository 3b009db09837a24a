import CGtk

/// The title bar: the window title and the primary menu (import, export, shortcuts, about).
@MainActor
enum HeaderBar {
    /// The bar, with `start` (the activity indicator) on its left.
    static func make(start: some GObjectPointer) -> UnsafeMutablePointer<GtkWidget> {
        let bar = gtk_header_bar_new()!
        gtk_header_bar_pack_start(bar.cast(gtk_header_bar_get_type(), as: OpaquePointer.self), start.widget)
        let menu = g_menu_new()!
        let files = g_menu_new()!
        g_menu_append(files, "Import Places…", "app.import")
        g_menu_append(files, "Export Favourites…", "app.export-favourites")
        let help = g_menu_new()!
        g_menu_append(help, "Keyboard Shortcuts", "win.show-help-overlay")
        g_menu_append(help, "About Places", "app.about")
        g_menu_append_section(menu, nil, UnsafeMutableRawPointer(files).assumingMemoryBound(to: GMenuModel.self))
        g_menu_append_section(menu, nil, UnsafeMutableRawPointer(help).assumingMemoryBound(to: GMenuModel.self))
        let button = gtk_menu_button_new()!
        let menuButton: OpaquePointer = button.cast(gtk_menu_button_get_type())
        gtk_menu_button_set_icon_name(menuButton, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(menuButton, UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
        gtk_menu_button_set_primary(menuButton, 1)
        gtk_widget_set_tooltip_text(button, "Main Menu")
        Widget.setAccessibleLabel(button, "Main Menu")
        gtk_header_bar_pack_end(bar.cast(gtk_header_bar_get_type(), as: OpaquePointer.self), button)
        return bar
    }
}
