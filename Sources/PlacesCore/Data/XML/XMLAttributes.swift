import CLibXML2

/// An element's attributes as libxml2 hands them over — five pointers each: local name, prefix,
/// namespace, start and end of the value — read by name without building a dictionary (a track of
/// 100,000 points would make 100,000). Valid only during the `start` call that receives it.
///
/// A value with a reference in it comes with the reference still written out (libxml2 leaves
/// `&amp;` as `&#38;` for its own tree builder to decode), so references are decoded here.
struct XMLAttributes {
    private let entries: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    private let count: Int

    init(_ entries: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        self.entries = entries
        self.count = count
    }

    /// The value of the attribute with local name `name` (any namespace), nil when it has none.
    subscript(name: StaticString) -> String? {
        guard let entries, count > 0 else { return nil }
        for index in 0..<count {
            let entry = entries + index * 5
            guard let local = entry[0], let start = entry[3], let end = entry[4], strcmp(local, name) else { continue }
            let bytes = UnsafeBufferPointer(start: start, count: end - start)
            let value = String(decoding: bytes, as: UTF8.self)
            return bytes.contains(UInt8(ascii: "&")) ? Self.decodingReferences(value) : value
        }
        return nil
    }

    /// `text` with `&#38;`, `&#x26;` and XML's five named references replaced by their characters;
    /// anything else stays as written.
    static func decodingReferences(_ text: String) -> String {
        var decoded = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            decoded += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                decoded += "&"
                rest = rest.dropFirst()
                continue
            }
            let reference = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            var character: String?
            if let value = named[String(reference)] {
                character = value
            } else if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                character = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if reference.hasPrefix("#") {
                character = UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
            if let character {
                decoded += character
                rest = rest[rest.index(after: semicolon)...]
            } else {
                decoded += "&"
                rest = rest.dropFirst()
            }
        }
        return decoded + rest
    }

    /// Every attribute: its local name, its prefix and namespace (nil for none) and its value, references decoded.
    var all: [XMLFragmentWriter.Attribute] {
        guard let entries, count > 0 else { return [] }
        return (0..<count).compactMap { index in
            let entry = entries + index * 5
            guard let local = entry[0], let start = entry[3], let end = entry[4] else { return nil }
            let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            return XMLFragmentWriter.Attribute(name: String(cString: local), prefix: entry[1].map { String(cString: $0) },
                                               namespace: entry[2].map { String(cString: $0) }, value: value.contains("&") ? Self.decodingReferences(value) : value)
        }
    }

    /// Whether the NUL-terminated `local` is `name`.
    private func strcmp(_ local: UnsafePointer<xmlChar>, _ name: StaticString) -> Bool {
        let length = name.utf8CodeUnitCount
        let bytes = name.utf8Start
        for offset in 0..<length where local[offset] != bytes[offset] { return false }
        return local[length] == 0
    }
}
