import CGtk

/// A pointer to a GObject instance, whichever way Swift imported its C type: public GTK structs come in
/// as `UnsafeMutablePointer<_GtkX>`, private ones (GtkNotebook, GtkLabel, gestures...) as `OpaquePointer`.
public protocol GObjectPointer {
    /// The untyped instance pointer GLib functions take.
    var gpointer: gpointer { get }
    init(gpointer: gpointer)
}

extension OpaquePointer: GObjectPointer {
    public var gpointer: gpointer { UnsafeMutableRawPointer(self) }
    public init(gpointer: gpointer) { self.init(gpointer) }
}

extension UnsafeMutablePointer: GObjectPointer {
    public var gpointer: gpointer { UnsafeMutableRawPointer(self) }
    public init(gpointer: gpointer) { self = gpointer.assumingMemoryBound(to: Pointee.self) }
}

extension GObjectPointer {
    /// Reinterprets this instance as another GObject type, like the C `GTK_WINDOW(w)` macros.
    /// Debug builds check the instance really is a `type` (`g_type_check_instance_is_a`) and trap if not.
    @inline(__always)
    func cast<Target: GObjectPointer>(_ type: GType, as _: Target.Type = Target.self) -> Target {
        #if DEBUG
        precondition(isA(type), "\(self) is not a \(String(cString: g_type_name(type)))")
        #endif
        return Target(gpointer: gpointer)
    }

    /// Whether this instance is a `type` (or a subtype of it).
    func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(gpointer.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The instance as a `GObject`, for the functions every object has.
    var object: UnsafeMutablePointer<GObject> { UnsafeMutablePointer(gpointer: gpointer) }

    func unref() { g_object_unref(gpointer) }

    /// The instance's type name, e.g. `"GtkLabel"` (`G_OBJECT_TYPE_NAME`, a macro Swift does not import).
    var typeName: String {
        let instance = gpointer.assumingMemoryBound(to: GTypeInstance.self)
        return String(cString: g_type_name(instance.pointee.g_class.pointee.g_type))
    }
}
