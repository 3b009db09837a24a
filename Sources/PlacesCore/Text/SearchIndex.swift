/// Folded search keys laid end to end in one buffer, so that a keystroke's filter is one sweep of a
/// `BytePattern` over contiguous memory instead of a search in each of 100,000 scattered key arrays.
struct SearchIndex: Sendable {
    /// The keys, each followed by a 0 byte (which no token contains, so a match never spans two keys).
    private let bytes: [UInt8]
    /// Where each key starts, plus one past the end.
    private let starts: [Int]
    /// Each key's `BytePattern.classes`.
    private let classes: [UInt64]

    /// Lays out `keys` in the given order.
    init(_ keys: [SearchKey]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keys.reduce(0) { $0 + $1.bytes.count + 1 })
        var starts: [Int] = []
        starts.reserveCapacity(keys.count + 1)
        for key in keys {
            starts.append(bytes.count)
            bytes.append(contentsOf: key.bytes)
            bytes.append(0)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        classes = keys.map { $0.bytes.withUnsafeBufferPointer(BytePattern.classes(of:)) }
    }

    /// `old` with the keys of the slots in `changes` replaced, for slots 0..<count (slots beyond the
    /// old ones and not changed have the empty key). Unchanged runs of keys are copied in bulk.
    init(_ old: SearchIndex, changing changes: [Int: SearchKey], count: Int) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(old.bytes.count + changes.values.reduce(0) { $0 + $1.bytes.count + 1 } + count - min(count, old.count))
        var starts: [Int] = []
        starts.reserveCapacity(count + 1)
        var classes: [UInt64] = []
        classes.reserveCapacity(count)
        var slot = 0
        for changedSlot in changes.keys.sorted() + [count] where changedSlot <= count {
            // The old keys of slots slot..<changedSlot, shifted to where they go now.
            let copied = min(changedSlot, old.count)
            if slot < copied {
                let shift = bytes.count - old.starts[slot]
                starts += old.starts[slot..<copied].lazy.map { $0 + shift }
                bytes += old.bytes[old.starts[slot]..<old.starts[copied]]
                classes += old.classes[slot..<copied]
                slot = copied
            }
            while slot < changedSlot {
                starts.append(bytes.count)
                bytes.append(0)
                classes.append(0)
                slot += 1
            }
            guard changedSlot < count, let key = changes[changedSlot] else { continue }
            starts.append(bytes.count)
            bytes += key.bytes
            bytes.append(0)
            classes.append(key.bytes.withUnsafeBufferPointer(BytePattern.classes(of:)))
            slot += 1
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.classes = classes
    }

    var count: Int { starts.count - 1 }

    /// The keys containing every pattern, numbered from `offset` (as slots). A pattern of one letter
    /// is in most keys, and their classes say which; a longer one is swept through the whole buffer
    /// (after a hit the sweep jumps to the next key), and the other patterns are looked for in the
    /// keys it found.
    func matches(_ patterns: [BytePattern], offset: Int = 0) -> SlotBits {
        var found = SlotBits.Builder(range: offset..<offset + count)
        guard !patterns.isEmpty else { return found.bits }
        BytePattern.withViews(patterns) { patterns in
            withBuffers { keys in
                let first = patterns[0]
                if patterns.count == 1, first.isDecidedByClasses {
                    // Most keys have the letter, others not, in no order a branch predicts.
                    for key in 0..<count { found.add(offset &+ key, if: first.mayOccur(in: keys.classes[key])) }
                    return
                }
                if first.count == 1 {
                    for key in 0..<count where keys.key(key, holdsAll: patterns[...]) { found.add(offset &+ key) }
                    return
                }
                let others = patterns[1...]
                var key = 0
                first.sweep(keys.bytes, from: 0, before: keys.bytes.count) { match in
                    while keys.starts[key &+ 1] <= match { key &+= 1 }
                    if others.isEmpty || keys.key(key, holdsAll: others) { found.add(offset &+ key) }
                    return keys.starts[key &+ 1]
                }
            }
        }
        return found.bits
    }

    /// Those of `candidates` whose key here (slot minus `offset`) contains every pattern.
    func matches(_ patterns: [BytePattern], among candidates: SlotBits, offset: Int) -> SlotBits {
        var found = SlotBits.Builder(range: offset..<offset + count)
        BytePattern.withViews(patterns) { patterns in
            withBuffers { keys in
                candidates.forEach(in: offset..<offset + count) { slot in
                    if keys.key(slot - offset, holdsAll: patterns[...]) { found.add(slot) }
                }
            }
        }
        return found.bits
    }

    private func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                classes.withUnsafeBufferPointer { classes in body(Buffers(bytes: bytes, starts: starts, classes: classes)) }
            }
        }
    }

    /// The index's arrays, borrowed for one search.
    private struct Buffers {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int>
        let classes: UnsafeBufferPointer<UInt64>

        @inline(__always)
        func key(_ key: Int, holdsAll patterns: ArraySlice<BytePattern.View>) -> Bool {
            // Every pattern's classes first: they often decide without reading the key.
            let keyClasses = classes[key]
            for index in patterns.indices where !patterns[index].mayOccur(in: keyClasses) { return false }
            for index in patterns.indices where !patterns[index].isDecidedByClasses {
                let pattern = patterns[index]
                // The 0 after the key is not part of it, and no token contains it.
                if pattern.firstMatch(in: bytes, from: starts[key], before: starts[key + 1] - pattern.count) == nil { return false }
            }
            return true
        }
    }
}
