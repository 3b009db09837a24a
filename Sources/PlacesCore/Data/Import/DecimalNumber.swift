/// Reads a decimal number as people and programs write coordinates in text formats ("-48.85", "+2",
/// "4.885e1", surrounded by spaces), from its bytes: nothing else — not "0x1p3" (hexadecimal), "nan"
/// or "infinity", which `Double(_:)` would take but nobody means as a position.
enum DecimalNumber {
    /// The value, or nil. With `decimalComma`, one comma is the decimal point ("48,85", as spreadsheets
    /// in many languages write it).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimalComma: Bool = false) -> Double? {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        var index = start
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0, significant = 0, exponent = 0
        var sawPoint = false
        while index < end {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                if significant < 19 {
                    if mantissa != 0 || byte != UInt8(ascii: "0") { significant += 1 }
                    mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                    if sawPoint { exponent -= 1 }
                } else if !sawPoint {
                    exponent += 1
                }
            } else if !sawPoint, byte == UInt8(ascii: ".") || (decimalComma && byte == UInt8(ascii: ",")) {
                sawPoint = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if index < end {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return nil }
            index += 1
            var negativeExponent = false
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0, exponentDigits = 0
            while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if written < 100_000 { written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0, index == end else { return nil }
            exponent += negativeExponent ? -written : written
        }
        if significant <= 15, let value = exactValue(mantissa: mantissa, exponent: exponent, negative: negative) { return value }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        if decimalComma { text = String(text.map { $0 == "," ? "." : $0 }) }
        return Double(text)
    }

    static func parse(_ text: String, decimalComma: Bool = false) -> Double? {
        var text = text
        return text.withUTF8 { parse($0, decimalComma: decimalComma) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `mantissa` × 10^`exponent`, correctly rounded, when the mantissa has at most 15 significant
    /// digits (callers count them) and the power of ten is one of the exact doubles 1e0...1e22: a
    /// product or quotient of two exact doubles is (Clinger's fast path). Nil otherwise.
    static func exactValue(mantissa: UInt64, exponent: Int, negative: Bool) -> Double? {
        guard (-22...22).contains(exponent) else { return nil }
        let magnitude = exponent < 0 ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
        return negative ? -magnitude : magnitude
    }

    /// 1e0 through 1e22: every one an exact double.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}
