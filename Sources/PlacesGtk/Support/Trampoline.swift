import CGtk

/// The C entry points of every signal shape. Each finds the Swift closure in its box and runs it on
/// the main actor; GTK emits signals on the main thread, and `assumeIsolated` traps if that ever breaks.
/// (GTK's pointers are not `Sendable`; they never leave the main thread, hence `nonisolated(unsafe)`.)
enum Trampoline {
    static let void: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        let handler = ClosureBox<@MainActor () -> Void>.body(data)
        MainActor.assumeIsolated { handler() }
    }

    static let bool: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        let handler = ClosureBox<@MainActor () -> Bool>.body(data)
        return MainActor.assumeIsolated { handler() } ? 1 : 0
    }

    static let pointer: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
        let handler = ClosureBox<@MainActor (gpointer?) -> Void>.body(data)
        nonisolated(unsafe) let argument = argument
        MainActor.assumeIsolated { handler(argument) }
    }

    static let pointerBool: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = { _, argument, data in
        let handler = ClosureBox<@MainActor (gpointer?) -> Bool>.body(data)
        nonisolated(unsafe) let argument = argument
        return MainActor.assumeIsolated { handler(argument) } ? 1 : 0
    }

    /// GFileMonitor's `changed`: the handler gets the name of the file changed (the new one of a move).
    static let fileChanged: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?) -> Void = { _, file, other, _, data in
        let handler = ClosureBox<@MainActor (String?) -> Void>.body(data)
        let name = (other ?? file).flatMap { g_file_get_basename($0) }.map { pointer in
            defer { g_free(pointer) }
            return String(cString: pointer)
        }
        MainActor.assumeIsolated { handler(name) }
    }

    static let uint: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, value, data in
        let handler = ClosureBox<@MainActor (UInt32) -> Void>.body(data)
        MainActor.assumeIsolated { handler(value) }
    }

    static let int: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
        let handler = ClosureBox<@MainActor (Int32) -> Void>.body(data)
        MainActor.assumeIsolated { handler(value) }
    }

    static let intPair: @convention(c) (gpointer?, gint, gint, gpointer?) -> Void = { _, first, second, data in
        let handler = ClosureBox<@MainActor (Int32, Int32) -> Void>.body(data)
        MainActor.assumeIsolated { handler(first, second) }
    }

    static let point: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
        let handler = ClosureBox<@MainActor (Double, Double) -> Void>.body(data)
        MainActor.assumeIsolated { handler(x, y) }
    }

    static let pointBool: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, x, y, data in
        let handler = ClosureBox<@MainActor (Double, Double) -> Bool>.body(data)
        return MainActor.assumeIsolated { handler(x, y) } ? 1 : 0
    }

    static let press: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, presses, x, y, data in
        let handler = ClosureBox<@MainActor (Int32, Double, Double) -> Void>.body(data)
        MainActor.assumeIsolated { handler(presses, x, y) }
    }

    static let key: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
        _, keyval, keycode, state, data in
        let handler = ClosureBox<@MainActor (UInt32, UInt32, GdkModifierType) -> Bool>.body(data)
        return MainActor.assumeIsolated { handler(keyval, keycode, state) } ? 1 : 0
    }

    static let drop: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = {
        _, value, x, y, data in
        let handler = ClosureBox<@MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool>.body(data)
        nonisolated(unsafe) let value = value
        return MainActor.assumeIsolated { handler(value, x, y) } ? 1 : 0
    }

    static let files: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<gchar>?, gpointer?) -> Void = {
        _, files, count, _, data in
        let handler = ClosureBox<@MainActor ([OpaquePointer]) -> Void>.body(data)
        nonisolated(unsafe) let list = (0..<Int(max(0, count))).compactMap { files?[$0] }
        MainActor.assumeIsolated { handler(list) }
    }
}
