import CGtk

/// A pointer to a GObject instance, whichever way Swift imported its C type: public GTK structs come in
/// as `UnsafeMutablePointer<_GtkX>`, private ones (GtkNotebook, GtkLabel, gestures...) as `OpaquePointer`.
public protocol GObjectPointer {
    /// The untyped instance pointer GLib functions take.
    var gpointer: gpointer { get }
    /// Wraps an untyped instance pointer.
    init(gpointer: gpointer)
}

extension OpaquePointer: GObjectPointer {
    /// The untyped instance pointer.
    public var gpointer: gpointer { UnsafeMutableRawPointer(self) }
    /// Wraps an untyped instance pointer.
    public init(gpointer: gpointer) { self.init(gpointer) }
}

extension UnsafeMutablePointer: GObjectPointer {
    /// The untyped instance pointer.
    public var gpointer: gpointer { UnsafeMutableRawPointer(self) }
    /// Wraps an untyped instance pointer.
    public init(gpointer: gpointer) { self = gpointer.assumingMemoryBound(to: Pointee.self) }
}

extension GObjectPointer {
    /// Reinterprets this instance as another GObject type, like the C `GTK_WINDOW(w)` macros.
    /// Debug builds check the instance really is a `type` (`g_type_check_instance_is_a`) and trap if not.
    @inline(__always)
    public func cast<Target: GObjectPointer>(_ type: GType, as _: Target.Type = Target.self) -> Target {
        #if DEBUG
        precondition(
            g_type_check_instance_is_a(gpointer.assumingMemoryBound(to: GTypeInstance.self), type) != 0,
            "\(self) is not a \(String(cString: g_type_name(type)))"
        )
        #endif
        return Target(gpointer: gpointer)
    }

    /// This instance as a `GtkWidget` (checked in debug builds).
    public var widget: UnsafeMutablePointer<GtkWidget> { cast(gtk_widget_get_type()) }

    /// Whether this instance is a `type` (or a subtype of it).
    public func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(gpointer.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }
}
