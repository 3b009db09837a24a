import CGtk

/// A connected signal handler. GLib owns the handler (and releases its closure when the instance is
/// finalized or the handler disconnected); keep this handle only if you need to end it earlier.
/// It tracks the instance with a `GWeakRef`, so `disconnect()` is safe after the instance is gone.
public final class SignalConnection {
    /// The handler id `g_signal_connect_data` returned.
    public let handlerID: gulong
    private let instance = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    init(instance object: gpointer, handlerID: gulong) {
        self.handlerID = handlerID
        g_weak_ref_init(instance, object)
    }

    deinit {
        g_weak_ref_clear(instance)
        instance.deallocate()
    }

    /// Whether the handler is still connected to a live instance.
    public var isConnected: Bool {
        guard let object = g_weak_ref_get(instance) else { return false }
        defer { g_object_unref(object) }
        return g_signal_handler_is_connected(object, handlerID) != 0
    }

    /// Disconnects the handler (its closure is released); does nothing if it already ended.
    public func disconnect() {
        guard let object = g_weak_ref_get(instance) else { return }
        defer { g_object_unref(object) }
        if g_signal_handler_is_connected(object, handlerID) != 0 {
            g_signal_handler_disconnect(object, handlerID)
        }
    }
}

extension GObjectPointer {
    /// Connects `handler` to `signal` on this instance. The closure is retained until the handler is
    /// disconnected or the instance finalized, then released by the `GClosureNotify`.
    @MainActor @discardableResult
    public func connect<Handler>(_ signal: Signal<Handler>, _ handler: Handler) -> SignalConnection {
        let flags = signal.runsAfter ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        let id = g_signal_connect_data(
            gpointer, signal.name, signal.trampoline, ClosureBox.retained(handler), releaseSignalClosureBox, flags
        )
        precondition(id != 0, "no signal \(signal.name) on \(typeName)")
        return SignalConnection(instance: gpointer, handlerID: id)
    }
}
