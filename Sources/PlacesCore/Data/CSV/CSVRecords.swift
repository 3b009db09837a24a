/// The records of a delimited text (RFC 4180: fields in double quotes may hold the delimiter, line
/// breaks and doubled quotes; CRLF or LF line ends), read one at a time over the bytes without
/// copying: a field is a range of the text, unquoted only when asked.
struct CSVRecords {
    /// One field: where its text is, and whether it was quoted (its doubled quotes then undoubled on reading).
    struct Field {
        var range: Range<Int>
        var isQuoted: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    private(set) var offset: Int
    /// The line the next record starts on (quoted line breaks make lines and records differ).
    private(set) var line = 1
    /// Where the record last read starts in the text.
    private(set) var recordStart = 0
    /// The high bits of the record last read's bytes, OR-ed: zero when it is all ASCII.
    private var highBits: UInt64 = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
        self.bytes = bytes
        self.delimiter = delimiter
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Reads the next record into `fields` (cleared first); false at the end of the text. A quote that
    /// is never closed throws, with the line it opened on.
    mutating func next(into fields: inout [Field]) throws(ImportError) -> Bool {
        fields.removeAll(keepingCapacity: true)
        guard offset < bytes.count else { return false }
        recordStart = offset
        highBits = 0
        while true {
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
                let openedOn = line
                offset += 1
                let start = offset
                while true {
                    skip(past: UInt8(ascii: "\""), 0x0A, 0x0A)
                    guard offset < bytes.count else {
                        throw .invalidCSV(TextProblem(tr("a quoted field is never closed"), line: openedOn))
                    }
                    if bytes[offset] == UInt8(ascii: "\"") {
                        if offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\"") { offset += 2; continue }
                        break
                    }
                    line += 1  // a line break inside the quotes
                    offset += 1
                }
                fields.append(Field(range: start..<offset, isQuoted: true))
                offset += 1
                // Text after the closing quote ("a"b,) is kept out: the field ends at the delimiter.
                skip(past: delimiter, 0x0A, 0x0D)
            } else {
                let start = offset
                skip(past: delimiter, 0x0A, 0x0D)
                fields.append(Field(range: start..<offset, isQuoted: false))
            }
            guard offset < bytes.count else { return true }
            switch bytes[offset] {
            case delimiter:
                offset += 1
            case 0x0D:
                offset += offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
                line += 1
                return true
            default:
                offset += 1
                line += 1
                return true
            }
        }
    }

    /// Moves `offset` to the next of three bytes (or to the end of the text), eight bytes at a time: a
    /// word holds one of them when one of its bytes, XOR-ed with it, is zero. Notes the high bits of
    /// what it passes.
    private mutating func skip(past first: UInt8, _ second: UInt8, _ third: UInt8) {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let firsts = UInt64(first) &* ones, seconds = UInt64(second) &* ones, thirds = UInt64(third) &* ones
        func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            let stops = zeroBytes(word ^ firsts) | zeroBytes(word ^ seconds) | zeroBytes(word ^ thirds)
            guard stops != 0 else {
                highBits |= word
                offset += 8
                continue
            }
            // The lowest flagged byte is the first stop (little-endian); flags above it may be false.
            let skipped = stops.trailingZeroBitCount / 8
            highBits |= word & ((1 << UInt64(8 * skipped)) &- 1)
            offset += skipped
            return
        }
        while offset < bytes.count, bytes[offset] != first, bytes[offset] != second, bytes[offset] != third {
            highBits |= UInt64(bytes[offset])
            offset += 1
        }
    }

    /// Whether the record last read is UTF-8 text: checked at once, as a field boundary (an ASCII
    /// delimiter or quote) can never fall inside a character; all-ASCII records need no check.
    var recordIsUTF8: Bool {
        highBits & 0x8080_8080_8080_8080 == 0 || UTF8Validation.isValid(UnsafeBufferPointer(rebasing: bytes[recordStart..<offset]))
    }

    /// A field's value as a decimal number (`DecimalNumber`), read from its bytes.
    func number(_ field: Field, decimalComma: Bool) -> Double? {
        DecimalNumber.parse(UnsafeBufferPointer(rebasing: bytes[field.range]), decimalComma: decimalComma)
    }

    /// A field's text, quotes undoubled; nil when it is not UTF-8. The apostrophe that keeps a
    /// spreadsheet from reading a value as a formula (`'=1+2`, as Places and OWASP's advice write it)
    /// is taken off.
    func text(_ field: Field) -> String? {
        var raw = UnsafeBufferPointer(rebasing: bytes[field.range])
        guard UTF8Validation.isValid(raw) else { return nil }
        if raw.count >= 2, raw[0] == UInt8(ascii: "'"), CSVWriter.formulaStarts.contains(raw[1]) { raw = UnsafeBufferPointer(rebasing: raw[1...]) }
        guard field.isQuoted, raw.contains(UInt8(ascii: "\"")) else { return String(decoding: raw, as: UTF8.self) }
        var unquoted: [UInt8] = []
        unquoted.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            unquoted.append(raw[index])
            index += raw[index] == UInt8(ascii: "\"") ? 2 : 1
        }
        return String(decoding: unquoted, as: UTF8.self)
    }

    /// The delimiter of a table: of comma, semicolon, tab and bar, the one its first line (outside
    /// quotes) holds most often; nil when it holds none.
    static func sniffDelimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]
        var counts = [Int](repeating: 0, count: candidates.count)
        var quoted = false
        for byte in bytes.prefix(65_536) {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, byte == 0x0A || byte == 0x0D { break }
            if !quoted, let index = candidates.firstIndex(of: byte) { counts[index] += 1 }
        }
        guard let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] > 0 else { return nil }
        return candidates[best]
    }
}
