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

    /// The set of `slots`, given in ascending order, each once: the words made once, not grown.
    init(ascending slots: some BidirectionalCollection<Int>) {
        guard let first = slots.first, let last = slots.last else { return }
        firstWord = first >> 6
        words = [UInt64](repeating: 0, count: (last >> 6) - firstWord + 1)
        // Checked writes: slots out of order stop here rather than write past the words.
        for slot in slots { words[(slot >> 6) - firstWord] |= 1 << UInt64(slot & 63) }
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

    /// Adds the slots of `other`, none of which is in the set already (a search's matches, segment by
    /// segment): its words ORed in, a word shared at the edge too.
    mutating func formDisjointUnion(_ other: SlotBits) {
        guard let last = other.words.indices.last else { return }
        _ = wordReaching(other.firstWord << 6)
        _ = wordReaching((other.firstWord + last) << 6)
        for (index, word) in other.words.enumerated() { words[other.firstWord + index - firstWord] |= word }
        count += other.count
    }

    /// Takes out every slot from `slot` on, and the words left empty at either end: a search's matches
    /// are built over every slot, and a list reading few matches then reads few words, not a million
    /// slots' worth of zeros (a keystroke that found few places took 0.2–0.3 ms more).
    mutating func removeAll(from slot: Int) {
        let word = (slot >> 6) - firstWord
        if word < 0 {
            self = SlotBits()
            return
        }
        if word < words.count {
            words[word] &= (1 << UInt64(slot & 63)) - 1
            words.removeSubrange((word + 1)...)
            count = words.reduce(0) { $0 + $1.nonzeroBitCount }
        }
        guard let first = words.firstIndex(where: { $0 != 0 }), let last = words.lastIndex(where: { $0 != 0 }) else {
            self = SlotBits()
            return
        }
        if first > 0 || last < words.count - 1 {
            words = Array(words[first...last])
            firstWord += first
        }
    }

    /// Calls `body` with each slot of the set in `range`, ascending.
    func forEach(in range: Range<Int>, _ body: (Int) -> Void) {
        guard !range.isEmpty else { return }
        let from = Swift.max(range.lowerBound >> 6, firstWord), through = Swift.min((range.upperBound - 1) >> 6, firstWord + words.count - 1)
        guard from <= through else { return }
        for word in from...through {
            var bits = words[word - firstWord]
            while bits != 0 {
                let slot = word << 6 | bits.trailingZeroBitCount
                bits &= bits &- 1
                if range.contains(slot) { body(slot) }
            }
        }
    }

    /// Builds a set from slots given in ascending order within a range known first: each a bit
    /// set in words made once, with no growing and no branch on whether a slot is in.
    struct Builder {
        private var words: [UInt64]
        private let firstWord: Int
        private var count = 0

        init(range: Range<Int>) {
            firstWord = range.lowerBound >> 6
            words = [UInt64](repeating: 0, count: range.isEmpty ? 0 : ((range.upperBound - 1) >> 6) - firstWord + 1)
        }

        /// Puts `slot` (in the range) in the set when `isMember`.
        @inline(__always)
        mutating func add(_ slot: Int, if isMember: Bool = true) {
            let member = isMember ? 1 : 0
            words[(slot >> 6) &- firstWord] |= UInt64(member) << UInt64(slot & 63)
            count &+= member
        }

        var bits: SlotBits {
            var bits = SlotBits()
            bits.words = words
            bits.firstWord = firstWord
            bits.count = count
            return bits
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
