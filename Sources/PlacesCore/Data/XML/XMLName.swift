import CLibXML2

/// An element's name or namespace as libxml2 keeps it (a NUL-terminated copy that lives as long as
/// the parser), compared without making a string: a document repeats a handful of names hundreds of
/// thousands of times, and readers only look at a few. Valid only during the call that receives it.
struct XMLName {
    let bytes: UnsafePointer<xmlChar>

    func `is`(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        let expected = text.utf8Start
        for offset in 0..<length where bytes[offset] != expected[offset] { return false }
        return bytes[length] == 0
    }

    var isEmpty: Bool { bytes[0] == 0 }

    var string: String { String(cString: bytes) }
}
