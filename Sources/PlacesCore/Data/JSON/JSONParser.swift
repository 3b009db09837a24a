import Foundation

/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports errors with line and column, rejects
/// invalid UTF-8, and limits nesting so hostile input cannot exhaust the stack. Inside a task, it
/// stops soon after the task is cancelled.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0
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

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        skipWhitespace()
        if offset == bytes.count { throw error("the file is empty") }
        let value = try parseValue()
        skipWhitespace()
        if offset < bytes.count { throw error("unexpected text after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard offset < bytes.count else { throw error("unexpected end of file") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character \(describe(bytes[offset]))")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        offset += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") { offset += 1; depth -= 1; return .object(members) }
        while true {
            try checkCancellation()
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            offset += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            if peek == UInt8(ascii: ",") { offset += 1; continue }
            if peek == UInt8(ascii: "}") { offset += 1; depth -= 1; return .object(members) }
            throw error(offset == bytes.count ? "unexpected end of file inside an object" : "expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") { offset += 1; depth -= 1; return .array(elements) }
        while true {
            try checkCancellation()
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if peek == UInt8(ascii: ",") { offset += 1; continue }
            if peek == UInt8(ascii: "]") { offset += 1; depth -= 1; return .array(elements) }
            throw error(offset == bytes.count ? "unexpected end of file inside an array" : "expected ',' or ']' in an array")
        }
    }

    /// Throws when the task is cancelled, looking every 4096 elements (a cheap check, rarely made).
    private mutating func checkCancellation() throws(JSONParseError) {
        sinceCancellationCheck &+= 1
        guard sinceCancellationCheck & 4095 == 0, Task.isCancelled else { return }
        throw error("cancelled")
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        offset += 1
        let start = offset
        // Fast path: no escapes.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = try decodeUTF8(start..<offset)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            offset += 1
        }
        var scratch = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: scratch, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scratch)
            case ..<0x20:
                throw error("control character in a string (escape it)")
            default:
                scratch.append(byte)
                offset += 1
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    private mutating func parseEscape(into scratch: inout [UInt8]) throws(JSONParseError) {
        offset += 1
        guard offset < bytes.count else { throw error("unterminated string") }
        let escape = bytes[offset]
        offset += 1
        switch escape {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate in \\u escape")
                }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("unpaired surrogate in \\u escape")
            }
            scratch.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
            throw error("invalid escape \\\(describe(escape))", at: offset - 2)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek, isDigit(first) else { throw error("invalid number") }
        if first == UInt8(ascii: "0") {
            offset += 1
            if let next = peek, isDigit(next) { throw error("leading zero in a number", at: start) }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            offset += 1
            guard let digit = peek, isDigit(digit) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard let digit = peek, isDigit(digit) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return parseDouble(start..<offset)
    }

    /// The number's value. Swift's `Double(_:)` parses independently of the C locale (GTK sets
    /// LC_NUMERIC from the environment, and strtod would read "48.85" as 48 in a comma locale);
    /// huge exponents become ±infinity, which callers range-check.
    private func parseDouble(_ range: Range<Int>) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return Double(text) ?? .nan
    }

    private mutating func skipDigits() {
        while let byte = peek, isDigit(byte) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        let count = expected.count
        let matches = offset + count <= bytes.count
            && (0..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
        guard matches else { throw error("unexpected character \(describe(bytes[offset]))") }
        offset += count
    }

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private func decodeUTF8(_ range: Range<Int>) throws(JSONParseError) -> String {
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw error("invalid UTF-8 in a string", at: range.lowerBound)
        }
        return text
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "0x%02X", byte)
    }

    private func error(_ reason: String, at position: Int? = nil) -> JSONParseError {
        let end = min(position ?? offset, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters (UTF-8 lead bytes), not bytes.
        let column = 1 + bytes[lineStart..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return JSONParseError(reason: reason, line: line, column: column)
    }
}
