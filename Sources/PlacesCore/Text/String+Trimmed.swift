extension String {
    /// The text without leading and trailing white space (Unicode's White_Space: spaces, tabs, line
    /// breaks, no-break spaces...); the same string, not a copy, when there is none to remove — what
    /// almost every value in a file is, read once per feature.
    var trimmedOfWhitespace: String {
        // Most values begin and end with a visible ASCII character: then nothing between is looked at.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isWhiteSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !Self.isWhiteSpace($0) })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }

    /// Unicode's White_Space property, spelled out: `Unicode.Scalar.Properties` looks it up in
    /// tables, several times slower for the ASCII almost every file is written in.
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20: true
        case 0..<0x80: false
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The text in lower case; the same string when it has no upper-case ASCII letter and is ASCII
    /// (most property names in files).
    var lowercasedASCIIFast: String {
        if utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) { return self }
        return lowercased()
    }
}
