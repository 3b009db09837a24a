import Foundation
import PlacesCore
import Testing
import TestingSupport

/// The strict JSON parser under the GeoJSON reader.
@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    /// The error for `bytes`, or nil when they parse.
    private func failure(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String) -> JSONParseError? { failure(Array(text.utf8)) }

    @Test("a document of every kind of value parses")
    func everyKind() throws {
        let value = try parse(#" { "a" : [1, -2.5, true, false, null, "x", {}, []], "b": {"c": {"d": "e"}} } "#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-2.5), .bool(true), .bool(false), .null, .string("x"), .object([:]), .array([])]),
            "b": .object(["c": .object(["d": .string("e")])]),
        ]))
    }

    @Test("scalars are documents too")
    func scalars() throws {
        #expect(try parse("42") == .number(42))
        #expect(try parse("\"hi\"") == .string("hi"))
        #expect(try parse("null") == .null)
        #expect(try parse("\ttrue\r\n") == .bool(true))
    }

    @Test("escapes decode, including surrogate pairs")
    func escapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""caf\u00e9 \u00E9\u0000""#) == .string("café é\u{0}"))
        #expect(try parse(#""\ud83d\ude00 \uD83C\uDDEB\uD83C\uDDF7""#) == .string("😀 🇫🇷"))
        #expect(try parse(#""Zürich 東京 \u6771""#) == .string("Zürich 東京 東"))
        #expect(try parse(#"{"k\u0041y": 1}"#) == .object(["kAy": .number(1)]))
    }

    @Test("numbers in every JSON form parse; huge ones become infinite")
    func numbers() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", 0), ("7", 7), ("-12", -12), ("3.25", 3.25), ("1e3", 1000), ("1E+2", 100),
            ("2.5e-3", 0.0025), ("-12.5e1", -125), ("123456789012345678", 123456789012345680), ("1e-400", 0),
        ]
        for (text, expected) in cases {
            #expect(try parse(text) == .number(expected), "\(text)")
        }
        #expect(try parse("-0") == .number(-0.0))
        if case .number(let negativeZero) = try parse("-0") { #expect(negativeZero.sign == .minus) }
        #expect(try parse("1e999") == .number(.infinity))
        #expect(try parse("-1e999") == .number(-.infinity))
    }

    @Test("a UTF-8 byte order mark at the start is skipped")
    func byteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
        #expect(failure([0xEF, 0xBB, 0xBF]) != nil)
        #expect(failure(Array("[1]".utf8) + [0xEF, 0xBB, 0xBF]) != nil)
    }

    @Test("duplicate member names keep the last value")
    func duplicateKeys() throws {
        #expect(try parse(#"{"a": 1, "a": 2}"#) == .object(["a": .number(2)]))
    }

    @Test("errors name the line and column where the text goes wrong", arguments: [
        (#"{"a": 1,}"#, 1, 9, "expected a member name in double quotes"),
        ("{\n  \"a\": tru\n}", 2, 8, "unexpected character 't'"),
        ("[\"é\", x]", 1, 7, "unexpected character 'x'"),
        ("[1, 2", 1, 6, "unexpected end of file inside an array"),
        ("[\"abc", 1, 2, "unterminated string"),
        ("", 1, 1, "the file is empty"),
        ("  \n\n ", 3, 2, "the file is empty"),
        ("{} x", 1, 4, "unexpected text after the JSON value"),
        ("[01]", 1, 2, "leading zero in a number"),
        ("[1.]", 1, 4, "expected a digit after '.'"),
        ("[1e]", 1, 4, "expected a digit in the exponent"),
        ("[-]", 1, 3, "invalid number"),
        ("[NaN]", 1, 2, "unexpected character 'N'"),
        ("[Infinity]", 1, 2, "unexpected character 'I'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the member name"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}' in an object"),
        ("[1 2]", 1, 4, "expected ',' or ']' in an array"),
        ("{'a': 1}", 1, 2, "expected a member name in double quotes"),
        ("[\"a\nb\"]", 1, 4, "control character in a string (escape it)"),
        (#"["\x"]"#, 1, 3, #"invalid escape \'x'"#),
        (#"["\ud800"]"#, 1, 9, #"unpaired surrogate in \u escape"#),
        (#"["\udc00"]"#, 1, 9, #"unpaired surrogate in \u escape"#),
        (#"["\u12G4"]"#, 1, 7, #"invalid hex digit in \u escape"#),
        (#"["\u12"#, 1, 5, #"incomplete \u escape"#),
        ("// comment\n[]", 1, 1, "unexpected character '/'"),
        ("{\"a\":\n", 2, 1, "unexpected end of file"),
    ])
    func errorPositions(text: String, line: Int, column: Int, reason: String) throws {
        let error = try #require(failure(text))
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.reason == reason)
        #expect(error.description == "line \(line), column \(column): \(reason)")
    }

    @Test("invalid UTF-8 inside a string is an error at the string")
    func invalidUTF8() throws {
        let cases: [[UInt8]] = [
            [0x5B, 0x22, 0xFF, 0x22, 0x5D],              // a byte that never appears in UTF-8
            [0x5B, 0x22, 0xC3, 0x22, 0x5D],              // a lead byte without its continuation
            [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],        // an overlong "/"
            [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],  // a UTF-16 surrogate encoded as UTF-8
            [0x5B, 0x22, 0x5C, 0x6E, 0xFE, 0x22, 0x5D],  // after an escape, on the slow path
        ]
        for bytes in cases {
            let error = try #require(failure(bytes))
            #expect(error.reason == "invalid UTF-8 in a string")
            #expect(error.line == 1)
            #expect(error.column == 3)
        }
    }

    @Test("nesting up to the limit parses; deeper nesting is an error, not a stack overflow")
    func nestingLimit() throws {
        let depth = JSONParser.maximumDepth
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(failure(deepest) == nil)
        let tooDeep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        #expect(failure(tooDeep)?.reason == "nested deeper than \(depth) levels")
        #expect(failure(String(repeating: "[", count: 10_000))?.column == depth + 1)
        #expect(failure(String(repeating: "{\"a\":", count: 10_000)) != nil)
    }

    @Test("scalar text of values, as kept in place properties")
    func scalarText() throws {
        #expect(JSONValue.number(3).scalarText == "3")
        #expect(JSONValue.number(-2.5).scalarText == "-2.5")
        #expect(JSONValue.number(1e20).scalarText == "1e+20")
        #expect(JSONValue.bool(true).scalarText == "true")
        #expect(JSONValue.string("x").scalarText == "x")
        #expect(JSONValue.null.scalarText == nil)
        #expect(JSONValue.array([]).scalarText == nil)
        #expect(JSONValue.object([:]).scalarText == nil)
        #expect(JSONValue.number(.infinity).scalarText == "inf")
    }

    /// 20,000 decimals of every shape JSON allows: short and long fractions, exponents, the edges of
    /// the double range (subnormals, overflow towards infinity), and halfway cases.
    private static func randomDecimals(seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<20_000).map { _ in
            let sign = random.chance(0.5) ? "-" : ""
            let digits = (0..<(1 + random.below(25))).map { _ in String(random.below(10)) }.joined()
            let integer = String(random.below(1_000_000))
            switch random.below(4) {
            case 0: return sign + integer
            case 1: return "\(sign)\(integer).\(digits)"
            case 2: return "\(sign)\(integer).\(digits)e\(random.pick(["", "+", "-"]))\(random.below(330))"
            default: return "\(sign)0.\(String(repeating: "0", count: random.below(20)))\(digits)E-\(random.below(310))"
            }
        }
    }

    /// The decimals the parser reads differently from CPython, with what it read.
    private static func mismatches(parsing decimals: [String]) throws -> [String] {
        let expected = try pythonBits(of: decimals)
        try #require(expected.count == decimals.count, "python3 answered \(expected.count) of \(decimals.count)")
        var mismatches: [String] = []
        for (text, bits) in zip(decimals, expected) {
            guard case .array(let values) = try JSONParser.parse(Array("[\(text)]".utf8)), case .number(let value) = values.first else {
                mismatches.append("\(text): not a number")
                continue
            }
            if value.bitPattern != bits { mismatches.append("\(text): \(value) instead of \(Double(bitPattern: bits))") }
        }
        return mismatches
    }

    /// The bits of each decimal's correctly rounded double, as CPython computes them (David Gay's
    /// algorithm, an implementation independent of Swift's and of the C library's).
    private static func pythonBits(of decimals: [String]) throws -> [UInt64] {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = try folder.write(decimals.joined(separator: "\n"), to: "decimals.txt")
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", """
            import struct, sys
            for line in open(sys.argv[1]):
                print(struct.unpack("<Q", struct.pack("<d", float(line)))[0])
            """, input.path]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        return text.split(separator: "\n").compactMap { UInt64($0) }
    }

    @Test("20,000 random decimals parse to the correctly rounded double, as CPython's float() rounds them")
    func numbersAreCorrectlyRounded() throws {
        let decimals = Self.randomDecimals(seed: 0x4a50_4e)
        let mismatches = try Self.mismatches(parsing: decimals)
        #expect(mismatches.isEmpty, "\(mismatches.count) wrong, first: \(mismatches.prefix(5))")
    }

    @Test("20,000 short decimals, as coordinates are written, parse exactly as CPython's float() reads them")
    func shortDecimalsAreCorrectlyRounded() throws {
        // Up to 15 significant digits and a power of ten up to 22 either way: what the parser computes
        // directly, without going through the text-to-double routine; 16 digits, just outside it.
        var random = SplitMix64(seed: 0x5348_4f52_54)
        let decimals = (0..<20_000).map { _ in
            let sign = random.chance(0.5) ? "-" : ""
            let digits = (0..<(1 + random.below(16))).map { _ in String(random.below(10)) }.joined()
            let point = random.below(digits.count + 1)
            let mantissa = point == 0 ? "0.\(digits)" : point == digits.count ? digits : "\(digits.prefix(point)).\(digits.dropFirst(point))"
            let trimmed = mantissa.hasPrefix("0") && mantissa.count > 1 && !mantissa.hasPrefix("0.") ? String(mantissa.drop { $0 == "0" }) : mantissa
            let number = trimmed.isEmpty || trimmed.hasPrefix(".") ? "0" + trimmed : trimmed
            return random.chance(0.5) ? sign + number : "\(sign)\(number)e\(random.pick(["", "+", "-"]))\(random.below(23))"
        }
        let mismatches = try Self.mismatches(parsing: decimals)
        #expect(mismatches.isEmpty, "\(mismatches.count) wrong, first: \(mismatches.prefix(5))")
    }

    @Test("numbers read the same under a locale whose decimal separator is a comma")
    func numbersIgnoreTheLocale() throws {
        // The locale of this thread only: other tests run in parallel in this process.
        let numericMask = Int32(1 << LC_NUMERIC)  // LC_NUMERIC_MASK, a macro Swift does not import
        let german = try #require(newlocale(numericMask, "de_DE.UTF-8", nil), "the de_DE.UTF-8 locale is not installed (make test generates it)")
        defer { freelocale(german) }
        let previous = uselocale(german)
        defer { uselocale(previous) }
        try #require(String(cString: nl_langinfo(nl_item(RADIXCHAR))) == ",")
        #expect(strtod("48.85", nil) == 48, "the C library reads only up to the point here")

        let parsed = try JSONParser.parse(Array(#"[48.85, -0.5e1, 2.5E-3, 1234567.125]"#.utf8))

        #expect(parsed == .array([.number(48.85), .number(-5), .number(0.0025), .number(1_234_567.125)]))
    }

    @Test("halfway and boundary decimals round as IEEE 754 says", arguments: [
        ("9007199254740993", 9_007_199_254_740_992.0),  // halfway between two doubles: to even
        ("9007199254740995", 9_007_199_254_740_996.0),
        ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown),  // the largest subnormal
        ("4.9e-324", Double.leastNonzeroMagnitude),  // the smallest subnormal
        ("2e-324", 0),  // below half of it: zero
        ("1.7976931348623157e308", .greatestFiniteMagnitude),
        ("0.1", 0.1),
    ])
    func boundaries(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(Array("[\(text)]".utf8)) == .array([.number(expected)]))
    }
}
