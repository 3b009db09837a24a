/// A set of slots as a bitmap over the words its slots reach: the slots a `LivePlaceIndex` segment
/// sets aside are a few hundred thousand neighbours, and an import adds them one by one; a
/// `PlaceTable`'s own places are a few among a million. An insert is a shift and an OR where
/// `Set<Int>` hashed and probed (and grew its table); iterating gives the slots in ascending order
/// without a sort. A search's matches among a million places are 125 KB so, which the processor
/// keeps close while the list reads them in its own order (`kept`); as an array of `Bool` they were
/// 1 MB, and reading them cost the list as much as the search itself.
struct SlotBits: Sendable, Sequence {
    /// Word `w` holds the slots `64 * (firstWord + w) ..< 64 * (firstWord + w + 1)`.
    private var words: [UInt64] = []
    private var firstWord = 0
    private(set) var count = 0

    init() {}

    /// The set of `slots`, given in ascending order, each once: one pass, no word grown twice.
    init(ascending slots: some Collection<Int>) {
        guard let first = slots.first else { return }
        firstWord = first >> 6
        var last = first
        for slot in slots { last = slot }
        let firstWord = firstWord
        words = [UInt64](repeating: 0, count: (last >> 6) - firstWord + 1)
        words.withUnsafeMutableBufferPointer { words in
            for slot in slots { words[(slot >> 6) - firstWord] |= 1 << UInt64(slot & 63) }
        }
        count = slots.count
    }

    var isEmpty: Bool { count == 0 }

    func contains(_ slot: Int) -> Bool {
        let word = (slot >> 6) - firstWord
        return words.indices.contains(word) && words[word] & (1 << UInt64(slot & 63)) != 0
    }

    /// Whether `slot` was not in the set before.
    @discardableResult
    mutating func insert(_ slot: Int) -> Bool {
        let word = wordReaching(slot)
        let bit: UInt64 = 1 << UInt64(slot & 63)
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        count += 1
        return true
    }

    /// Whether `slot` was in the set.
    @discardableResult
    mutating func remove(_ slot: Int) -> Bool {
        guard contains(slot) else { return false }
        words[(slot >> 6) - firstWord] &= ~(1 << UInt64(slot & 63))
        count -= 1
        return true
    }

    /// Those of `slots` in the set, in their order. A list's million places come in name order, in the
    /// set or not in no order a processor predicts: each is written, and kept by counting it.
    func kept(_ slots: [Int]) -> [Int] {
        [Int](unsafeUninitializedCapacity: slots.count) { kept, keptCount in
            words.withUnsafeBufferPointer { words in
                for slot in slots {
                    let word = (slot >> 6) &- firstWord
                    let bits = UInt(bitPattern: word) < UInt(words.count) ? words[word] : 0
                    kept[keptCount] = slot
                    keptCount &+= Int(truncatingIfNeeded: bits >> UInt64(slot & 63) & 1)
                }
            }
        }
    }

    /// The index in `words` of the word holding `slot`, the words grown to reach it.
    private mutating func wordReaching(_ slot: Int) -> Int {
        let absolute = slot >> 6
        if words.isEmpty {
            firstWord = absolute
            words = [0]
        } else if absolute < firstWord {
            words.insert(contentsOf: repeatElement(0, count: firstWord - absolute), at: 0)
            firstWord = absolute
        } else if absolute - firstWord >= words.count {
            words.append(contentsOf: repeatElement(0, count: absolute - firstWord - words.count + 1))
        }
        return absolute - firstWord
    }

    func makeIterator() -> Iterator {
        Iterator(words: words, firstWord: firstWord)
    }

    /// The slots in ascending order.
    struct Iterator: IteratorProtocol {
        fileprivate let words: [UInt64]
        fileprivate let firstWord: Int
        private var word = 0
        private var bits: UInt64 = 0

        fileprivate init(words: [UInt64], firstWord: Int) {
            self.words = words
            self.firstWord = firstWord
            bits = words.first ?? 0
        }

        mutating func next() -> Int? {
            while bits == 0 {
                word += 1
                guard word < words.count else { return nil }
                bits = words[word]
            }
            let bit = bits.trailingZeroBitCount
            bits &= bits - 1
            return (firstWord + word) << 6 | bit
        }
    }
}
