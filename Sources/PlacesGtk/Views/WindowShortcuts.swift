import CGtk
import PlacesCore

/// The window's keyboard shortcuts. They run in the bubble phase, after the focused widget: a text
/// entry keeps every key it uses (Esc included), and only unused keys reach the window.
@MainActor
enum WindowShortcuts {
    static func install(on window: UnsafeMutablePointer<GtkWidget>, coordinator: AppCoordinator, searchEntry: OpaquePointer) {
        let controller: OpaquePointer = gtk_shortcut_controller_new()!.cast(gtk_shortcut_controller_get_type())
        gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
        for tab in Tab.allCases {
            WidgetCallbacks.addShortcut(controller, "<Control>\(tab.rawValue + 1)") {
                coordinator.show(tab: tab)
                return true
            }
        }
        WidgetCallbacks.addShortcut(controller, "<Control>f") {
            coordinator.show(tab: .places)
            gtk_widget_grab_focus(searchEntry.widget)
            return true
        }
        WidgetCallbacks.addShortcut(controller, "Escape") {
            if Widget.isTyping(in: window) { return false }
            return coordinator.cancel()
        }
        gtk_widget_add_controller(window, OpaquePointer(UnsafeMutableRawPointer(controller)))
    }
}
