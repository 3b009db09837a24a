import CGtk

/// The fundamental types `G_TYPE_STRING` and friends, macros Swift does not import
/// (`G_TYPE_MAKE_FUNDAMENTAL(n)` is `n << G_TYPE_FUNDAMENTAL_SHIFT`, and the shift is 2).
extension GType {
    static let boolean = GType(5 << 2)
    static let int = GType(6 << 2)
    static let uint = GType(7 << 2)
    static let double = GType(15 << 2)
    static let string = GType(16 << 2)
    static let object = GType(20 << 2)
}
