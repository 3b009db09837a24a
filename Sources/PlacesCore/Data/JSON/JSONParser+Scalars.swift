import Foundation

/// Strings and numbers: read and checked in place, over the input's bytes.
extension JSONParser {
    mutating func parseString() throws(JSONParseError) -> String {
        try withString { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads a string and appends its UTF-8 bytes (escapes decoded) to `buffer`.
    mutating func parseString(appendingTo buffer: inout [UInt8]) throws(JSONParseError) {
        try withString { buffer.append(contentsOf: $0) }
    }

    /// Reads a string and hands its UTF-8 bytes, checked and with escapes decoded, to `body`: the
    /// input's own bytes when the string has no escape (no copy), decoded ones otherwise.
    fileprivate mutating func withString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(JSONParseError) -> Result {
        offset += 1
        let start = offset
        // Fast path: no escapes; `seen` gathers the bytes' high bits, to skip checking ASCII text.
        var seen: UInt8 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                guard seen < 0x80 || UTF8Validation.isValid(text) else { throw error(tr("invalid UTF-8 in a string"), at: start) }
                offset += 1
                return body(text)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(tr("control character in a string (escape it)")) }
            seen |= byte
            offset += 1
        }
        var scratch = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard UTF8Validation.isValid(scratch) else { throw error(tr("invalid UTF-8 in a string"), at: start) }
                return scratch.withUnsafeBufferPointer(body)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scratch)
            case ..<0x20:
                throw error(tr("control character in a string (escape it)"))
            default:
                scratch.append(byte)
                offset += 1
            }
        }
        throw error(tr("unterminated string"), at: start - 1)
    }

    fileprivate mutating func parseEscape(into scratch: inout [UInt8]) throws(JSONParseError) {
        offset += 1
        guard offset < bytes.count else { throw error(tr("unterminated string")) }
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
                    throw error(tr("unpaired surrogate in \\u escape"))
                }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error(tr("unpaired surrogate in \\u escape")) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error(tr("unpaired surrogate in \\u escape"))
            }
            scratch.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
            throw error(tr("invalid escape \\{escape}", ["escape": describe(escape)]), at: offset - 2)
        }
    }

    fileprivate mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error(tr("incomplete \\u escape")) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(tr("invalid hex digit in \\u escape"))
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = offset
        if let value = try scanNumber() { return value }
        return parseDouble(start..<offset)
    }

    /// Reads a number, checked, and appends its text as the file writes it ("4.50", "1e3") to `buffer`.
    mutating func parseNumber(appendingTextTo buffer: inout [UInt8]) throws(JSONParseError) {
        let start = offset
        _ = try scanNumber()
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
    }

    /// Reads a number; returns its value when it is exactly representable from at most 15 significant
    /// digits and a power of ten up to 22 (a product or quotient of two exact doubles, correctly rounded:
    /// Clinger's fast path, which covers the coordinates files carry), nil when the caller must parse
    /// the text in full.
    mutating func scanNumber() throws(JSONParseError) -> Double? {
        let start = offset
        var negative = false
        if peek == UInt8(ascii: "-") { offset += 1; negative = true }
        guard let first = peek, isDigit(first) else { throw error(tr("invalid number")) }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        if first == UInt8(ascii: "0") {
            offset += 1
            if let next = peek, isDigit(next) { throw error(tr("leading zero in a number"), at: start) }
        } else {
            while let byte = peek, isDigit(byte) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0")); digits += 1 } else { exponent += 1 }
                offset += 1
            }
        }
        if peek == UInt8(ascii: ".") {
            offset += 1
            guard let digit = peek, isDigit(digit) else { throw error(tr("expected a digit after '.'")) }
            while let byte = peek, isDigit(byte) {
                if digits < 19 {
                    if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                    exponent -= 1
                }
                offset += 1
            }
        }
        var exact = digits <= 15
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            var negativeExponent = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { negativeExponent = peek == UInt8(ascii: "-"); offset += 1 }
            guard let digit = peek, isDigit(digit) else { throw error(tr("expected a digit in the exponent")) }
            var written = 0
            while let byte = peek, isDigit(byte) {
                if written < 10_000 { written = written * 10 + Int(byte &- UInt8(ascii: "0")) } else { exact = false }
                offset += 1
            }
            exponent += negativeExponent ? -written : written
        }
        guard exact else { return nil }
        return DecimalNumber.exactValue(mantissa: mantissa, exponent: exponent, negative: negative)
    }

    /// The number's value. Swift's `Double(_:)` parses independently of the C locale (GTK sets
    /// LC_NUMERIC from the environment, and strtod would read "48.85" as 48 in a comma locale);
    /// huge exponents become ±infinity, which callers range-check.
    fileprivate func parseDouble(_ range: Range<Int>) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return Double(text) ?? .nan
    }

    fileprivate func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
