import Foundation

/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports errors with line and column, rejects
/// invalid UTF-8, and limits nesting so hostile input cannot exhaust the stack. Inside a task, it
/// stops soon after the task is cancelled.
///
/// `parse(_:)` builds a whole document; inside the module it is also a cursor that readers walk value
/// by value (`GeoJSONReader` streams features that way, keeping one feature at a time), with
/// `skipValue()` validating what they do not keep without building it.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next byte is read (moved on only by the parser's own methods, here and in its
    /// extensions).
    var offset = 0
    private var depth = 0
    /// Where an error's line and column are counted from: the bytes before it may be gone (a reader
    /// gives them back as it moves on, `forget(before:)`), their lines counted already.
    private var origin = TextCursor()
    /// Containers' elements and members parsed since cancellation was last checked.
    private var sinceCancellationCheck = 0

    /// Parses `data` as one JSON text (a leading UTF-8 byte order mark is allowed).
    public static func parse(_ data: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONParseError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        try startDocument()
        let value = try parseValue()
        try endDocument()
        return value
    }

    /// Skips a byte order mark and whitespace; throws when nothing follows.
    mutating func startDocument() throws(JSONParseError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        skipWhitespace()
        if offset == bytes.count { throw error(tr("the file is empty")) }
    }

    /// Throws unless only whitespace is left.
    mutating func endDocument() throws(JSONParseError) {
        skipWhitespace()
        if offset < bytes.count { throw error(tr("unexpected text after the JSON value")) }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard offset < bytes.count else { throw error(tr("unexpected end of file")) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error(tr("unexpected character {character}", ["character": describe(bytes[offset])]))
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try openObject()
        var members: [String: JSONValue] = [:]
        var first = true
        while let key = try nextMember(first: &first) { members[key] = try parseValue() }
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try openArray()
        var elements: [JSONValue] = []
        elements.reserveCapacity(4)
        var first = true
        while try nextElement(first: &first) { elements.append(try parseValue()) }
        return .array(elements)
    }

    // MARK: Walking value by value

    /// The kind of the value at the cursor (after whitespace), nil at the end of the text or before
    /// something that starts no value.
    mutating func peekKind() -> JSONKind? {
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "{")?: return .object
        case UInt8(ascii: "[")?: return .array
        case UInt8(ascii: "\"")?: return .string
        case UInt8(ascii: "t")?, UInt8(ascii: "f")?: return .bool
        case UInt8(ascii: "n")?: return .null
        case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return .number
        default: return nil
        }
    }

    /// Reads the `{` that opens an object; then `nextMember(first:)` gives the members' names.
    mutating func openObject() throws(JSONParseError) {
        skipWhitespace()
        guard peek == UInt8(ascii: "{") else { throw error(tr("expected an object")) }
        try enterContainer()
        offset += 1
    }

    /// The name of the object's next member, the cursor on its value; nil after the closing `}`.
    /// `first` is true before the first member and is cleared here.
    mutating func nextMember(first: inout Bool) throws(JSONParseError) -> String? {
        guard try advanceToMember(first: &first) else { return nil }
        let name = try parseString()
        try readColon()
        return name
    }

    /// Like `nextMember(first:)`, appending the name's bytes to `buffer` instead of making a string;
    /// false after the closing `}`.
    mutating func nextMember(first: inout Bool, appendingNameTo buffer: inout [UInt8]) throws(JSONParseError) -> Bool {
        guard try advanceToMember(first: &first) else { return false }
        try parseString(appendingTo: &buffer)
        try readColon()
        return true
    }

    /// Reads up to the next member's name (true) or past the closing `}` (false).
    private mutating func advanceToMember(first: inout Bool) throws(JSONParseError) -> Bool {
        try checkCancellation()
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return false
        }
        if !first {
            guard peek == UInt8(ascii: ",") else {
                throw error(offset == bytes.count ? tr("unexpected end of file inside an object") : tr("expected ',' or '}' in an object"))
            }
            offset += 1
            skipWhitespace()
        }
        first = false
        guard peek == UInt8(ascii: "\"") else { throw error(tr("expected a member name in double quotes")) }
        return true
    }

    private mutating func readColon() throws(JSONParseError) {
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw error(tr("expected ':' after the member name")) }
        offset += 1
        skipWhitespace()
    }

    /// Reads the `[` that opens an array; then `nextElement(first:)` says whether another follows.
    mutating func openArray() throws(JSONParseError) {
        skipWhitespace()
        guard peek == UInt8(ascii: "[") else { throw error(tr("expected an array")) }
        try enterContainer()
        offset += 1
    }

    /// Whether another element follows, the cursor on it; false after the closing `]`.
    mutating func nextElement(first: inout Bool) throws(JSONParseError) -> Bool {
        try checkCancellation()
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return false
        }
        if !first {
            guard peek == UInt8(ascii: ",") else {
                throw error(offset == bytes.count ? tr("unexpected end of file inside an array") : tr("expected ',' or ']' in an array"))
            }
            offset += 1
            skipWhitespace()
        }
        first = false
        return true
    }

    /// Reads the value at the cursor, checking it as strictly as `parseValue()`, building nothing.
    mutating func skipValue() throws(JSONParseError) {
        skipWhitespace()
        guard offset < bytes.count else { throw error(tr("unexpected end of file")) }
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            try openObject()
            var first = true
            while try nextMember(first: &first) != nil { try skipValue() }
        case UInt8(ascii: "["):
            try openArray()
            var first = true
            while try nextElement(first: &first) { try skipValue() }
        case UInt8(ascii: "\""): _ = try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
        default: _ = try parseValue()
        }
    }

    /// Throws when the task is cancelled, looking every 4096 elements (a cheap check, rarely made).
    private mutating func checkCancellation() throws(JSONParseError) {
        sinceCancellationCheck &+= 1
        guard sinceCancellationCheck & 4095 == 0, Task.isCancelled else { return }
        throw error(tr("cancelled"))
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw error(tr("nested deeper than {count} levels", ["count": String(Self.maximumDepth)])) }
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        let count = expected.count
        let matches = offset + count <= bytes.count
            && (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
        guard matches else { throw error(tr("unexpected character {character}", ["character": describe(bytes[offset])])) }
        offset += count
    }

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// A byte as an error message names it: the character, or its code.
    func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "0x%02X", byte)
    }

    /// Counts the lines before `offset` now, so that the bytes before it are never read again, not
    /// even for an error's position.
    mutating func forget(before offset: Int) {
        origin.advance(to: offset, in: bytes)
    }

    func error(_ reason: String, at position: Int? = nil) -> JSONParseError {
        var cursor = origin
        cursor.advance(to: max(origin.offset, min(position ?? offset, bytes.count)), in: bytes)
        return JSONParseError(reason: reason, line: cursor.line, column: cursor.column)
    }
}
