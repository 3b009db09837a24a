import CGtk

/// An `AdwHeaderBar`: the title bar with widgets at its start and end and the window's title between.
struct HeaderBar: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var bar: OpaquePointer { widget.cast(adw_header_bar_get_type()) }

    /// `startName` and `endName` are what a screen reader hears for the groups at either end
    /// (libadwaita 1.2 leaves them named "AdwGizmo").
    init(start: [any Widget] = [], startName: String, end: [any Widget] = [], endName: String) {
        widget = adw_header_bar_new()
        for child in start { adw_header_bar_pack_start(bar, child.widget) }
        for child in end { adw_header_bar_pack_end(bar, child.widget) }
        // Inside: a window handle, its centre box, and that box's start, title and end.
        if let handle = gtk_widget_get_first_child(widget), let centre = gtk_widget_get_first_child(handle) {
            if let first = gtk_widget_get_first_child(centre) { AccessibleObject(first).setLabel(startName) }
            if let last = gtk_widget_get_last_child(centre) { AccessibleObject(last).setLabel(endName) }
        }
    }
}

/// A `GtkMenuButton` with a symbolic icon opening a menu.
struct MenuButton: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>

    /// The window's primary menu (F10 opens it) when `primary`; `tooltip` doubles as its accessible name.
    /// The menu's popover and its rows are made the first time it opens, not with the window.
    init(icon: String, tooltip: String, menu: Menu, primary: Bool = false) {
        widget = gtk_menu_button_new()
        let button: OpaquePointer = widget.cast(gtk_menu_button_get_type())
        gtk_menu_button_set_icon_name(button, icon)
        onFirstPopup { gtk_menu_button_set_menu_model($0, menu.model) }
        gtk_menu_button_set_primary(button, primary ? 1 : 0)
        self.tooltip = tooltip
        setAccessibleLabel(tooltip)
    }

    /// Runs `make` with the button just before its popup first shows, to give it one.
    private func onFirstPopup(_ make: @escaping @MainActor (OpaquePointer) -> Void) {
        var made = false
        let create = ClosureBox<@MainActor () -> Void>.retained { [widget] in
            guard !made else { return }
            made = true
            make(widget.cast(gtk_menu_button_get_type()))
        }
        gtk_menu_button_set_create_popup_func(widget.cast(gtk_menu_button_get_type()), { _, data in
            let handler = ClosureBox<@MainActor () -> Void>.body(data)
            MainActor.assumeIsolated { handler() }
        }, create, releaseClosureBox)
    }
}

extension MenuButton {
    /// A button showing `icon` that opens the popover `makePopover` makes the first time it is
    /// pressed (nothing of it is built with the window); `tooltip` doubles as its accessible name.
    init(icon: String, tooltip: String, classes: [String] = [], makePopover: @escaping @MainActor () -> Popover) {
        widget = gtk_menu_button_new()
        let button: OpaquePointer = widget.cast(gtk_menu_button_get_type())
        gtk_menu_button_set_icon_name(button, icon)
        onFirstPopup { gtk_menu_button_set_popover($0, makePopover().widget) }
        self.tooltip = tooltip
        setAccessibleLabel(tooltip)
        addClasses(classes)
    }

    /// A button showing `icon` that opens `popover` (a menu of widgets rather than of actions);
    /// `tooltip` doubles as its accessible name.
    init(icon: String, tooltip: String, popover: Popover, classes: [String] = []) {
        widget = gtk_menu_button_new()
        let button: OpaquePointer = widget.cast(gtk_menu_button_get_type())
        gtk_menu_button_set_icon_name(button, icon)
        gtk_menu_button_set_popover(button, popover.widget)
        self.tooltip = tooltip
        setAccessibleLabel(tooltip)
        addClasses(classes)
    }
}

/// A `GMenu` of sections, each a list of (label, detailed action name) items.
struct Menu {
    let model: UnsafeMutablePointer<GMenuModel>

    init(sections: [[(label: String, action: String)]]) {
        let menu = g_menu_new()!
        for items in sections {
            let section = g_menu_new()!
            for item in items { g_menu_append(section, item.label, item.action) }
            g_menu_append_section(menu, nil, UnsafeMutablePointer(gpointer: section.gpointer))
            section.unref()
        }
        model = UnsafeMutablePointer(gpointer: menu.gpointer)
    }
}
