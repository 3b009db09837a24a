import CGtk

/// Keyboard shortcuts handled by a widget (`GtkShortcutController`).
struct ShortcutController: EventController {
    /// Where the shortcuts work.
    enum Reach {
        /// Only while the widget itself (or a child) has focus.
        case focusedWidget
        /// While the widget or a child has focus, before the child sees the key (a text field's own
        /// child would otherwise take Down).
        case focusedWidgetFirst
        /// Anywhere in the window, after the focused widget had its chance: a text field keeps the keys it uses.
        case windowAfterFocus
    }

    let controller: OpaquePointer

    init(reach: Reach) {
        controller = gtk_shortcut_controller_new()
        switch reach {
        case .focusedWidget:
            break
        case .focusedWidgetFirst:
            gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        case .windowAfterFocus:
            gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
            gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_BUBBLE)
        }
    }

    /// Adds `trigger` (e.g. `"<Control>1"`, `"plus"`); `action` returns whether it handled the key
    /// (false lets it go on to other handlers).
    func add(_ trigger: String, _ action: @escaping @MainActor () -> Bool) {
        guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else {
            preconditionFailure("not a shortcut trigger: \(trigger)")
        }
        gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(parsed, WidgetCallbacks.shortcutAction(action)))
    }
}
