/// Text made safe for XML content and attribute values: the five special characters as references,
/// and characters XML 1.0 does not allow (control characters a file may have carried in) left out.
enum XMLText {
    /// Most text needs nothing: it is then returned as it is, found so by one pass over its bytes.
    static func escaped(_ text: String) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count, !needsWork(bytes, at: index) { index += 1 }
            guard index < bytes.count else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            out.append(contentsOf: bytes[..<index])
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): out.append(contentsOf: "&apos;".utf8)
                case _ where needsWork(bytes, at: index):
                    // A control character, or U+FFFE or U+FFFF (three bytes): left out.
                    if byte == 0xEF { index += 2 }
                default: out.append(byte)
                }
                index += 1
            }
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? text
    }

    /// Whether the byte at `index` starts something written otherwise: one of the five special
    /// characters, a control character other than tab, line feed and carriage return, or U+FFFE or
    /// U+FFFF (EF BF BE, EF BF BF).
    private static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): false
        case ..<0x20: true
        case 0xEF: index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE
        default: false
        }
    }
}
