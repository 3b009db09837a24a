import Foundation

/// Text folded for searching: lower-cased and without diacritics ("Zürich" -> "zurich"), as UTF-8 bytes,
/// so a keystroke's re-filter is a byte search over precomputed keys.
public struct SearchKey: Hashable, Sendable {
    /// The folded UTF-8 bytes.
    public let bytes: [UInt8]

    /// Folds `text`. ASCII takes a fast path; anything else goes through Foundation's folding.
    public init(_ text: String) {
        var ascii = [UInt8]()
        ascii.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else {
                let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                bytes = Array(folded.lowercased().utf8)
                return
            }
            ascii.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        bytes = ascii
    }

    /// The words of a query, each folded; empty for a blank query.
    public static func tokens(of query: String) -> [SearchKey] {
        query.split(whereSeparator: { $0.isWhitespace }).map { SearchKey(String($0)) }
    }

    /// Whether `token` occurs in this key.
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
                    // memchr finds candidate starts; memcmp confirms them.
                    guard let hit = memchr(haystack.baseAddress! + index, Int32(first), last - index + 1) else { return false }
                    index = haystack.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(haystack.baseAddress! + index, pattern.baseAddress!, pattern.count) == 0 { return true }
                    index += 1
                }
                return false
            }
        }
    }

    /// Whether this key starts with `token`.
    public func hasPrefix(_ token: SearchKey) -> Bool {
        bytes.starts(with: token.bytes)
    }
}
