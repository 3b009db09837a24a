import CGtk

/// A `GtkToggleButton` with a symbolic icon. Setting `isActive` from code never runs the `onToggle`
/// handler: only the person's own toggles do.
struct ToggleButton: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var toggle: UnsafeMutablePointer<GtkToggleButton> { UnsafeMutablePointer(gpointer: widget.gpointer) }

    init(icon: String, tooltip: String, classes: [String] = []) {
        widget = gtk_toggle_button_new()
        gtk_button_set_icon_name(widget.cast(gtk_button_get_type()), icon)
        self.tooltip = tooltip
        setAccessibleLabel(tooltip)
        addClasses(classes)
    }

    var iconName: String {
        get { gtk_button_get_icon_name(widget.cast(gtk_button_get_type())).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_button_set_icon_name(widget.cast(gtk_button_get_type()), newValue) }
    }

    var isActive: Bool {
        get { gtk_toggle_button_get_active(toggle) != 0 }
        nonmutating set {
            guard newValue != isActive else { return }
            UserEdits.whileSuppressed(on: widget) { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) }
        }
    }

    /// Runs `action` when the person toggles the button.
    func onToggle(_ action: @escaping @MainActor () -> Void) {
        UserEdits.connect(Signals.toggled, on: widget, action)
    }
}
