import CGtk

/// A `GtkCheckButton` with a label. Setting `isActive` from code never runs the `onToggle` handler.
struct CheckButton: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var check: UnsafeMutablePointer<GtkCheckButton> { widget.cast(gtk_check_button_get_type()) }

    init(label: String) {
        widget = gtk_check_button_new_with_label(label)
    }

    var isActive: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        nonmutating set {
            guard newValue != isActive else { return }
            UserEdits.whileSuppressed(on: widget) { gtk_check_button_set_active(check, newValue ? 1 : 0) }
        }
    }

    /// Runs `action` with the new state when the person toggles it.
    func onToggle(_ action: @escaping @MainActor (Bool) -> Void) {
        UserEdits.connect(Signals.toggled, on: widget) { [widget] in
            action(gtk_check_button_get_active(widget.cast(gtk_check_button_get_type())) != 0)
        }
    }
}
