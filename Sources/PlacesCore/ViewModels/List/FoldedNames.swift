import Foundation

/// The folded names of the places in the list, by slot, end to end in one buffer: a million names are
/// one allocation, not a million. A name set again is appended; once half the buffer is names no
/// slot has any more, it is laid out anew. Names are compared by their first `comparedLength` bytes.
struct FoldedNames {
    private var bytes: [UInt8] = []
    /// Where each slot's name starts in `bytes`, and its length (0: no name).
    private var starts: [UInt32] = []
    private var lengths: [UInt16] = []
    /// Bytes of `bytes` no slot's name uses any more.
    private var stale = 0
    /// How many slots have a name of each length from 1 on: a query of a length no name has is
    /// nobody's name, and the slots found for it ("s", "sa": most of a million) are not looked at
    /// one by one. (Index 0 is not kept: slots without a name are not counted.)
    private var namesOfLength = [Int32](repeating: 0, count: comparedLength + 1)

    /// Longer names compare by this much of them (a name is shown clipped far shorter).
    static let comparedLength = 4096

    mutating func grow(to count: Int, room: Int) {
        starts.pad(to: count, with: 0, room: room)
        lengths.pad(to: count, with: 0, room: room)
    }

    mutating func set(_ name: SearchKey?, at slot: Int) {
        let old = Int(lengths[slot])
        stale += old
        if old > 0 { namesOfLength[old] -= 1 }
        // The old name is nobody's before a compaction, which would otherwise copy it.
        lengths[slot] = 0
        let kept = name?.bytes.prefix(Self.comparedLength) ?? []
        if stale > bytes.count / 2, stale > 4096 { compact() }
        starts[slot] = UInt32(bytes.count)
        lengths[slot] = UInt16(kept.count)
        if !kept.isEmpty { namesOfLength[kept.count] += 1 }
        bytes += kept
    }

    /// The slots among `slots` whose name is `key` (as far as names are kept: their first
    /// `comparedLength` bytes). Runs on every keystroke over every place found, so most are passed
    /// over by their length alone.
    func slots(among slots: ArraySlice<Int>, named key: SearchKey) -> [Int] {
        let kept = key.bytes.prefix(Self.comparedLength)
        guard !kept.isEmpty, namesOfLength[kept.count] > 0 else { return [] }
        let length = UInt16(kept.count)
        return lengths.withUnsafeBufferPointer { lengths in
            slots.filter { slot in
                guard lengths[slot] == length else { return false }
                let start = Int(starts[slot])
                return bytes[start..<start + kept.count].elementsEqual(kept)
            }
        }
    }

    /// Byte order, a name before any longer name it begins (negative, zero or positive).
    func compare(_ lhs: Int, _ rhs: Int) -> Int {
        let left = Int(lengths[lhs]), right = Int(lengths[rhs])
        let common = min(left, right)
        if common > 0 {
            let order = bytes.withUnsafeBufferPointer { bytes in
                memcmp(bytes.baseAddress! + Int(starts[lhs]), bytes.baseAddress! + Int(starts[rhs]), common)
            }
            if order != 0 { return Int(order) }
        }
        return left - right
    }

    /// The first eight bytes of the name in `slot`, big-endian and padded with zeros.
    func prefix(_ slot: Int) -> UInt64 {
        var prefix: UInt64 = 0
        let start = Int(starts[slot])
        for index in 0..<min(8, Int(lengths[slot])) { prefix |= UInt64(bytes[start + index]) << UInt64(56 - 8 * index) }
        return prefix
    }

    /// Lays the names out again without the stale bytes.
    private mutating func compact() {
        var packed: [UInt8] = []
        packed.reserveCapacity(bytes.count - stale)
        for slot in starts.indices where lengths[slot] > 0 {
            let start = Int(starts[slot])
            starts[slot] = UInt32(packed.count)
            packed += bytes[start..<start + Int(lengths[slot])]
        }
        bytes = packed
        stale = 0
    }
}
