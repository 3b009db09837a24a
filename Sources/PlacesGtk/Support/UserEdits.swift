import CGtk

/// Tells the person's changes apart from the app's own: handlers connected here (a toggle, an edit, a
/// page switch) are blocked while code sets the same value, so a view copies state into its widgets
/// without that copy coming back to its view-model as input. The app's one echo-suppression mechanism.
@MainActor
enum UserEdits {
    private final class Handlers {
        var ids: [gulong] = []
    }

    private static let key = "places-user-edit-handlers"

    /// Connects `handler` to `signal` on `object` as a reaction to the person's edits.
    static func connect<Handler>(_ signal: Signal<Handler>, on object: some GObjectPointer, _ handler: Handler) {
        let connection = object.connect(signal, handler)
        handlers(of: object).ids.append(connection.handlerID)
    }

    /// Runs `change` with every user-edit handler of `object` blocked.
    static func whileSuppressed(on object: some GObjectPointer, _ change: () -> Void) {
        let ids = handlers(of: object).ids
        ids.forEach { g_signal_handler_block(object.gpointer, $0) }
        change()
        ids.forEach { g_signal_handler_unblock(object.gpointer, $0) }
    }

    /// The handler list stored on the object, created on first use and released with the object.
    private static func handlers(of object: some GObjectPointer) -> Handlers {
        if let stored = g_object_get_data(object.object, key) {
            return Unmanaged<Handlers>.fromOpaque(stored).takeUnretainedValue()
        }
        let handlers = Handlers()
        g_object_set_data_full(object.object, key, Unmanaged.passRetained(handlers).toOpaque(), releaseClosureBox)
        return handlers
    }
}
