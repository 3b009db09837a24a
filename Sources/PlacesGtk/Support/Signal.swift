import CGtk

/// A GObject signal with the Swift type of its handler, so a connection is type-checked:
/// `button.connect(Signals.clicked) { ... }`. Each handler shape has one `init` and one trampoline.
public struct Signal<Handler>: Sendable {
    /// The detailed signal name, e.g. `"clicked"` or `"notify::selected"`.
    public let name: String
    /// Connect after the default handler (`G_CONNECT_AFTER`).
    public let runsAfter: Bool
    let trampoline: GCallback

    init(_ name: String, after: Bool, trampoline: GCallback) {
        self.name = name
        self.runsAfter = after
        self.trampoline = trampoline
    }
}

extension Signal where Handler == @MainActor () -> Void {
    /// A signal whose handler takes no arguments: `void (*)(GObject *self, gpointer data)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.void, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor () -> Bool {
    /// A signal whose handler returns a boolean: `gboolean (*)(GObject *self, gpointer data)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.bool, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (gpointer?) -> Void {
    /// A signal with one pointer argument: `void (*)(GObject *self, gpointer arg, gpointer data)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.pointer, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (gpointer?) -> Bool {
    /// A signal with one pointer argument returning a boolean: `gboolean (*)(GObject *self, gpointer arg, gpointer data)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.pointerBool, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (UInt32) -> Void {
    /// A signal with one `guint` argument: `void (*)(GObject *self, guint arg, gpointer data)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.uint, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (Double, Double) -> Void {
    /// A signal with two `gdouble`s, e.g. drag offsets: `void (*)(GObject *, gdouble, gdouble, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.point, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (Double, Double) -> Bool {
    /// A signal with two `gdouble`s returning a boolean, e.g. scroll: `gboolean (*)(GObject *, gdouble, gdouble, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.pointBool, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (Int32, Double, Double) -> Void {
    /// A press: `void (*)(GObject *, gint n_press, gdouble x, gdouble y, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.press, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (UInt32, UInt32, GdkModifierType) -> Bool {
    /// A key event: `gboolean (*)(GObject *, guint keyval, guint keycode, GdkModifierType, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.key, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool {
    /// A drop: `gboolean (*)(GtkDropTarget *, const GValue *, gdouble x, gdouble y, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.drop, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor ([OpaquePointer]) -> Void {
    /// GApplication's open: `void (*)(GApplication *, GFile **files, gint n, gchar *hint, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.files, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (Int32, Int32) -> Void {
    /// A signal with two `gint`s, e.g. a size: `void (*)(GObject *, gint, gint, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.intPair, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (Int32) -> Void {
    /// A signal with one `gint` argument, e.g. a dialog's response: `void (*)(GObject *, gint, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.int, to: GCallback.self))
    }
}

extension Signal where Handler == @MainActor (String?) -> Void {
    /// GFileMonitor's `changed`: `void (*)(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent, gpointer)`.
    public init(_ name: String, after: Bool = false) {
        self.init(name, after: after, trampoline: unsafeBitCast(Trampoline.fileChanged, to: GCallback.self))
    }
}
