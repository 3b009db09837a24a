import CGtk

/// A `GtkButton` with a text label or a symbolic icon.
struct Button: IconButton {
    let widget: UnsafeMutablePointer<GtkWidget>

    /// A button showing `label`; an underscore marks its mnemonic (`"_Save"`).
    init(label: String, classes: [String] = []) {
        widget = gtk_button_new_with_mnemonic(label)
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

    /// Runs `action` on every click.
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
