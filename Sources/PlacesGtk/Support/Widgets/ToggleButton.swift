import CGtk

/// A `GtkToggleButton` with a symbolic icon. Setting `isActive` from code never runs the `onToggle`
/// handler: only the person's own toggles do.
struct ToggleButton: IconButton {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var toggle: UnsafeMutablePointer<GtkToggleButton> { UnsafeMutablePointer(gpointer: widget.gpointer) }

    init(icon: String, tooltip: String, classes: [String] = []) {
        widget = gtk_toggle_button_new()
        setUp(icon: icon, tooltip: tooltip, classes: classes)
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
