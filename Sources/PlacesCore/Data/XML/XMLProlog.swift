/// What comes before an XML document's root element — the XML declaration, processing instructions,
/// comments, perhaps a document type declaration — read from the bytes without a parser.
enum XMLProlog {
    /// The root element's local name ("gpx" for `<gpx …>` or `<g:gpx …>`), nil when the text does not
    /// start like XML (after an optional byte order mark and white space).
    static func rootName(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard case .root(let start) = scan(bytes) else { return nil }
        var end = start
        while end < bytes.count, !isNameEnd(bytes[end]) { end += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return name.split(separator: ":").last.map(String.init)
    }

    /// Throws when the prolog declares a document type: GPX and KML never do, and a document type is
    /// what makes a reader open other files (external entities) or expand text without end.
    static func refuseDocumentType(in bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) {
        guard let position = documentTypePosition(in: bytes) else { return }
        throw .refusedXML(TextProblem(
            tr("it declares a document type (<!DOCTYPE …>), which GPX and KML files never do; Places does not read such files, as a document type can make a reader open other files or expand text without end"),
            line: position.line, column: position.column))
    }

    /// Where a document type declaration starts, nil when the prolog has none.
    private static func documentTypePosition(in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition? {
        guard case .documentType(let offset) = scan(bytes) else { return nil }
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return TextPosition(line: line, column: offset - lineStart + 1)
    }

    private enum Found {
        /// The root element's name starts at this offset.
        case root(Int)
        /// `<!DOCTYPE` at this offset.
        case documentType(Int)
        case neither
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Found {
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skip(past terminator: [UInt8]) -> Bool {
            while offset + terminator.count <= bytes.count {
                if bytes[offset..<offset + terminator.count].elementsEqual(terminator) {
                    offset += terminator.count
                    return true
                }
                offset += 1
            }
            return false
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D:
                offset += 1
            case UInt8(ascii: "<"):
                let rest = bytes[(offset + 1)...]
                if rest.starts(with: Array("?".utf8)) {
                    guard skip(past: Array("?>".utf8)) else { return .neither }
                } else if rest.starts(with: Array("!--".utf8)) {
                    guard skip(past: Array("-->".utf8)) else { return .neither }
                } else if rest.starts(with: Array("!DOCTYPE".utf8)) {
                    return .documentType(offset)
                } else if let first = rest.first, !isNameEnd(first), first != UInt8(ascii: "!"), first != UInt8(ascii: "/") {
                    return .root(offset + 1)
                } else {
                    return .neither
                }
            default:
                return .neither
            }
        }
        return .neither
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"): true
        default: false
        }
    }
}
