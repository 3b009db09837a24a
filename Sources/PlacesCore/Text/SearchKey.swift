import Foundation

/// Text folded for searching: lower-cased and without diacritics ("Zürich" -> "zurich"), as UTF-8 bytes,
/// so a keystroke's re-filter is a byte search over precomputed keys.
public struct SearchKey: Hashable, Sendable {
    /// The folded UTF-8 bytes.
    public let bytes: [UInt8]

    /// The key of empty text: contained in nothing but itself.
    static let empty = SearchKey("")

    /// Folds `text` scalar by scalar: ASCII is lower-cased in place, Latin letters with diacritics come
    /// from a table folded once, and only rarer scalars go through Foundation (one scalar at a time,
    /// so "Capital of France · 9.9 million" costs one table look-up, not a whole-string folding).
    /// Works on the UTF-8 bytes, decoding a scalar only where a byte is not ASCII: iterating
    /// `unicodeScalars` took twice as long, and a million places fold two million texts on import.
    public init(_ text: String) {
        var text = text
        bytes = text.withUTF8 { Self.folded($0) }
    }

    /// `utf8` folded, after the bytes of `parts` and a space after each. Most folded scalars take no
    /// more bytes than they had (ASCII, most of Latin), so the bytes are written straight into an
    /// array of the text's length; a scalar that grows ("ŉ" to "ʼn") past the room its predecessors
    /// left has the text folded again, appending.
    private static func folded(_ utf8: UnsafeBufferPointer<UInt8>, after parts: [SearchKey] = []) -> [UInt8] {
        let start = parts.reduce(parts.count) { $0 + $1.bytes.count }
        var grew = false
        let inPlace = [UInt8](unsafeUninitializedCapacity: start + utf8.count) { buffer, count in
            var at = 0
            for part in parts {
                part.bytes.withUnsafeBufferPointer { bytes in
                    if let base = bytes.baseAddress { (buffer.baseAddress! + at).initialize(from: base, count: bytes.count) }
                    at += bytes.count
                }
                buffer[at] = 0x20
                at += 1
            }
            if let end = fold(utf8, into: buffer, at: start) {
                count = end
            } else {
                count = 0
                grew = true
            }
        }
        guard grew else { return inPlace }
        var folded = [UInt8]()
        folded.reserveCapacity(start + utf8.count + 8)
        for part in parts {
            folded += part.bytes
            folded.append(0x20)
        }
        appendFolded(utf8, to: &folded)
        return folded
    }

    /// Writes `utf8` folded into `buffer` from `start`, where there is room for `utf8.count` bytes;
    /// returns where the folded bytes end, or nil when a scalar grew past the room. Eight ASCII bytes
    /// at a time where they come eight together: a million places' names and lines about them are
    /// mostly ASCII, and their keys took 0.58 s of the main thread's import a byte at a time, each
    /// line folded apart and copied into the key; 0.33 s so.
    private static func fold(_ utf8: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int? {
        guard let source = utf8.baseAddress, let target = buffer.baseAddress else { return start }
        var written = start
        var index = 0
        while index < utf8.count {
            if index + 8 <= utf8.count {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    UnsafeMutableRawPointer(target + written).storeBytes(of: lowercasedASCII(word), as: UInt64.self)
                    written += 8
                    index += 8
                    continue
                }
            }
            let lead = utf8[index]
            if lead < 0x80 {
                buffer[written] = lead.lowercasedASCII
                written += 1
                index += 1
                continue
            }
            let piece = foldedScalar(in: utf8, at: &index)
            guard written - start + piece.count <= index else { return nil }
            for byte in piece {
                buffer[written] = byte
                written += 1
            }
        }
        return written
    }

    /// Eight ASCII bytes with their capital letters made small: a byte's top bit, after adding
    /// 0x3F, says it is at least "A"; after adding 0x25, that it is past "Z" (no sum carries into
    /// the next byte, as every byte is below 0x80).
    private static func lowercasedASCII(_ word: UInt64) -> UInt64 {
        let atLeastA = word &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = word &+ 0x2525_2525_2525_2525
        return word | (atLeastA & ~pastZ & 0x8080_8080_8080_8080) >> 2
    }

    /// Appends `utf8` folded to `folded`, however much a scalar grows.
    private static func appendFolded(_ utf8: UnsafeBufferPointer<UInt8>, to folded: inout [UInt8]) {
        var index = 0
        while index < utf8.count {
            let lead = utf8[index]
            if lead < 0x80 {
                folded.append(lead.lowercasedASCII)
                index += 1
            } else {
                folded.append(contentsOf: foldedScalar(in: utf8, at: &index))
            }
        }
    }

    /// The folding of the non-ASCII scalar starting at `index`, which is moved past it. A String's
    /// UTF-8 is valid: the lead byte gives the length, the others six bits each.
    private static func foldedScalar(in utf8: UnsafeBufferPointer<UInt8>, at index: inout Int) -> [UInt8] {
        let lead = utf8[index]
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead & (0x7F >> length))
        for offset in 1..<length { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
        index += length
        return value < latinTableEnd ? latinTable[Int(value) - 0x80] : fold(Unicode.Scalar(value)!)
    }

    /// The texts of `parts` folded, one space between each: the same as folding the texts so joined,
    /// as folding goes scalar by scalar.
    init(joining parts: [SearchKey]) {
        var joined = [UInt8]()
        joined.reserveCapacity(parts.reduce(parts.count) { $0 + $1.bytes.count })
        for (position, part) in parts.enumerated() {
            if position > 0 { joined.append(0x20) }
            joined += part.bytes
        }
        bytes = joined
    }

    /// `SearchKey(joining: parts + [SearchKey(text)])`, with `text` folded straight into the key
    /// rather than into an array of its own first.
    init(joining parts: [SearchKey], thenFolding text: String) {
        var text = text
        bytes = text.withUTF8 { Self.folded($0, after: parts) }
    }

    /// Folds the Latin table now (464 scalars through Foundation, 1–2 ms), for a thread that can
    /// spare the time before the first key is made on one that cannot.
    public static func prepare() {
        _ = latinTable
    }

    /// Where the precomputed table ends: U+0080 up to the end of Latin Extended-B.
    private static let latinTableEnd: UInt32 = 0x250

    /// The folded bytes of U+0080 ..< U+0250, computed once.
    private static let latinTable: [[UInt8]] = (0x80..<latinTableEnd).map { fold(Unicode.Scalar($0)!) }

    /// One scalar folded by Foundation: case and diacritics removed ("É" -> "e", a combining accent -> "");
    /// then the letters no decomposition reaches made plain ("Ł" -> "l"), and typographic apostrophes and
    /// punctuation made a space. `tools/gazetteer_data.py` folds the gazetteer's words the same way.
    private static func fold(_ scalar: Unicode.Scalar) -> [UInt8] {
        if (0x2B9..<0x300).contains(scalar.value) || (0x2000..<0x2070).contains(scalar.value) { return [0x20] }
        if scalar.properties.generalCategory == .nonspacingMark { return [] }  // a combining accent on its own
        let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        return folded.unicodeScalars.flatMap { plainLetters[$0].map { Array($0.utf8) } ?? Array(String($0).utf8) }
    }

    /// Letters that keep their stroke or ligature under decomposition, as a person types them.
    private static let plainLetters: [Unicode.Scalar: String] = [
        "ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "ı": "i", "ð": "d", "þ": "th",
        "ħ": "h", "ŀ": "l", "ĳ": "ij", "ƒ": "f",
    ]

    /// The words of a query, each folded; empty for a blank query.
    public static func tokens(of query: String) -> [SearchKey] {
        query.split(whereSeparator: { $0.isWhitespace }).map { SearchKey(String($0)) }
    }

    /// Whether `token` occurs in this key (`memchr` for candidate starts, `memcmp` to confirm).
    public func contains(_ token: SearchKey) -> Bool {
        let needle = token.bytes
        if needle.isEmpty { return true }
        if needle.count > bytes.count { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                let first = pattern[0]
                let last = haystack.count - pattern.count
                var index = 0
                while index <= last {
                    guard let hit = memchr(haystack.baseAddress! + index, Int32(first), last - index + 1) else { return false }
                    index = haystack.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if pattern.count == 1 || memcmp(haystack.baseAddress! + index + 1, pattern.baseAddress! + 1, pattern.count - 1) == 0 { return true }
                    index += 1
                }
                return false
            }
        }
    }

    public func hasPrefix(_ token: SearchKey) -> Bool {
        bytes.starts(with: token.bytes)
    }
}
