import CGtk
import PlacesCore

/// Runs `body` with a `GValue` holding `text` (set, then unset afterwards).
func withStringValue<Result>(_ text: String, _ body: (UnsafeMutablePointer<GValue>) -> Result) -> Result {
    var value = GValue()
    g_value_init(&value, .string)
    g_value_set_string(&value, text)
    defer { g_value_unset(&value) }
    return body(&value)
}

/// Runs `body` with a NULL-terminated C array of `strings`, as GTK takes lists of accelerators or credits.
func withCStringArray<Result>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { strdup($0) } + [nil]
    defer { copies.forEach { free($0) } }
    var pointers = copies.map { $0.map { UnsafePointer($0) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

/// Takes a string GLib allocated: copies it into Swift and frees the original (nil stays nil).
/// A path GLib allocated (`g_file_get_path`), freed; its bytes kept as they are (`FileName`).
func takeFileName(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return FileName.string(pointer)
}

func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}
