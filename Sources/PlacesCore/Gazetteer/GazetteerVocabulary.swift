/// The sorted folded words of every gazetteer name, each with the names it occurs in ("postings").
///
/// A posting is `place << 9 | name << 2 | last << 1 | first`: `name` 0 is the place's own name and
/// 1 + i its i-th alternate; `first` and `last` say the word begins or ends that name (see
/// `tools/gazetteer_data.py`).
struct GazetteerVocabulary: Sendable {
    /// The words end to end, in byte order.
    let words: [UInt8]
    let wordStarts: [UInt32]
    /// Where each word's postings start in `postings`, plus one past the end.
    let postingStarts: [UInt32]
    let postings: [UInt32]

    var count: Int { wordStarts.count - 1 }

    static func place(_ posting: UInt32) -> Int { Int(posting >> 9) }
    /// 0 for the place's own name, 1 + i for its alternate i.
    static func name(_ posting: UInt32) -> Int { Int(posting >> 2 & 0x7F) }
    static func isFirst(_ posting: UInt32) -> Bool { posting & 1 != 0 }
    static func isLast(_ posting: UInt32) -> Bool { posting & 2 != 0 }

    /// The words whose bytes begin with `prefix` (all of them for an empty prefix), as a range of word numbers.
    func words(startingWith prefix: [UInt8]) -> Range<Int> {
        let low = firstWord { compare($0, prefix, prefixOnly: false) >= 0 }
        let high = firstWord { compare($0, prefix, prefixOnly: true) > 0 }
        return low..<max(low, high)
    }

    /// The words that can be one edit from `token` (five bytes or more) after its first letter: those
    /// sharing its first three bytes (an edit further on), and those an edit at its second or third byte
    /// leads to, a letter or digit wrong, missing, extra or two swapped. Every word within one edit is in
    /// them (but for a wrong or missing letter that is not ASCII); `Gazetteer.oneEdit` decides.
    func typoRanges(of token: [UInt8]) -> [Range<Int>] {
        var prefixes: [[UInt8]] = [Array(token[0..<3])]
        for index in 1...2 {
            let before = Array(token[0..<index])
            for letter in Self.letters {
                prefixes.append(before + [letter] + token[(index + 1)...].prefix(2))  // wrong
                prefixes.append(before + [letter] + token[index...].prefix(2))  // missing
            }
            prefixes.append(before + token[(index + 1)...].prefix(3))  // extra
            prefixes.append(before + [token[index + 1], token[index]] + token[(index + 2)...].prefix(1))  // swapped
        }
        var ranges = prefixes.map(words(startingWith:)).filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        // Ranges of prefixes that begin one another overlap: merged, each word is looked at once.
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
        return ranges
    }

    /// ASCII letters and digits: what a wrong or missing letter is looked for as.
    private static let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    func word(_ number: Int) -> ArraySlice<UInt8> { words[Int(wordStarts[number])..<Int(wordStarts[number + 1])] }

    func postings(of number: Int) -> ArraySlice<UInt32> {
        postings[Int(postingStarts[number])..<Int(postingStarts[number + 1])]
    }

    /// The search words of `text`: folded as `SearchKey` folds, split at ASCII bytes that are neither
    /// letters nor digits, as the file's words were.
    static func words(of text: String) -> [[UInt8]] {
        SearchKey(text).bytes.split { $0 < 0x80 && !isWordByte($0) }.map(Array.init)
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// The first word number for which `isAtOrAfter` holds (words are sorted, so it holds for all after).
    private func firstWord(where isAtOrAfter: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Compares word `number` with `other` bytewise; with `prefixOnly`, a word that begins with `other`
    /// compares equal to it.
    private func compare(_ number: Int, _ other: [UInt8], prefixOnly: Bool) -> Int {
        let start = Int(wordStarts[number]), end = Int(wordStarts[number + 1])
        let length = end - start
        for index in 0..<min(length, other.count) where words[start + index] != other[index] {
            return words[start + index] < other[index] ? -1 : 1
        }
        if length >= other.count { return prefixOnly || length == other.count ? 0 : 1 }
        return -1
    }
}
