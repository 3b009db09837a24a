import CGtk

/// A `GtkButton` with a text label or a symbolic icon.
struct Button: IconButton {
    let widget: UnsafeMutablePointer<GtkWidget>

    /// A button showing `label`; an underscore marks its mnemonic (`"_Save"`) unless `mnemonic` is
    /// false (a place's name, shown as it is, at the start). The label is a child of its own rather
    /// than the button's `label`: GTK 4.8 would name the button after both, with the underscore
    /// ("_Save Save"), where a screen reader should say "Save".
    init(label: String, mnemonic: Bool = true, classes: [String] = []) {
        widget = gtk_button_new()
        if mnemonic {
            let text = gtk_label_new_with_mnemonic(label)!
            gtk_label_set_mnemonic_widget(OpaquePointer(text), widget)
            gtk_button_set_child(widget.cast(gtk_button_get_type()), text)
        } else {
            let text = Label(label)
            text.ellipsize()
            gtk_button_set_child(widget.cast(gtk_button_get_type()), text.widget)
            setAccessibleLabel(label)
        }
        addClasses(classes)
    }

    /// A button showing nothing of its own (a target laid over something drawn); name it with
    /// `setAccessibleLabel`.
    init(classes: [String]) {
        widget = gtk_button_new()
        addClasses(classes)
    }

    /// A button showing a symbolic icon; `tooltip` doubles as its accessible name.
    init(icon: String, tooltip: String, classes: [String] = []) {
        widget = gtk_button_new()
        setUp(icon: icon, tooltip: tooltip, classes: classes)
    }

    /// Makes a click activate the action `name` (`"win.undo"`); the button is insensitive while the
    /// action is disabled.
    func setAction(_ name: String) {
        gtk_actionable_set_action_name(widget.cast(gtk_actionable_get_type()), name)
    }

    func onClick(_ action: @escaping @MainActor () -> Void) {
        widget.connect(Signals.clicked, action)
    }
}

/// A button (plain or toggle) showing a symbolic icon.
protocol IconButton: Widget {}

extension IconButton {
    var iconName: String {
        get { gtk_button_get_icon_name(widget.cast(gtk_button_get_type())).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_button_set_icon_name(widget.cast(gtk_button_get_type()), newValue) }
    }

    /// Shows `icon`, with `tooltip` as the tooltip and the accessible name.
    func setUp(icon: String, tooltip: String, classes: [String]) {
        iconName = icon
        self.tooltip = tooltip
        setAccessibleLabel(tooltip)
        addClasses(classes)
    }
}
