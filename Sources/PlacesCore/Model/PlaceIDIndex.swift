/// The slot of each place by its id: an open-addressing hash table (at most half full) whose
/// buckets hold a slot number and the low 32 bits of its id's hash, 8 bytes each, where a
/// dictionary would keep a second reference to every id in 24-byte buckets: 16 MB rather than
/// 50 MB for a million places. Linear probing; a removal moves later entries back, so no bucket
/// is ever a tombstone.
///
/// The hash bits kept are those that choose a bucket (a table never has 2³² buckets), so growing
/// and removing never hash an id again, and a probe compares ids (through the caller's places,
/// `PlaceTable`) only where the bits match. Reading ids from places in random order, probing took
/// 0.49 s of the main thread's import of a million places; 0.25 s with the bits.
struct PlaceIDIndex: Sendable {
    /// `hash << 32 | slot + 1` in each bucket; 0 for an empty bucket. The count is a power of two.
    private var buckets: [UInt64] = []
    private(set) var count = 0

    /// The slot whose place `holds` says has the id hashed to `hash`.
    func slot(hash: Int, where holds: (Int) -> Bool) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        let tag = UInt64(UInt32(truncatingIfNeeded: hash))
        var bucket = hash & mask
        while buckets[bucket] != 0 {
            let entry = buckets[bucket]
            if entry >> 32 == tag, holds(Self.slot(in: entry)) { return Self.slot(in: entry) }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Adds `slot`, whose place's id (not in the table yet) hashes to `hash`.
    mutating func insert(_ slot: Int, hash: Int) {
        reserveCapacity(count + 1)
        place(UInt64(UInt32(truncatingIfNeeded: hash)) << 32 | UInt64(slot + 1))
        count += 1
    }

    /// Takes out `slot`, whose place's id hashes to `hash`.
    mutating func remove(_ slot: Int, hash: Int) {
        let mask = buckets.count - 1
        var hole = hash & mask
        while Self.slot(in: buckets[hole]) != slot { hole = (hole + 1) & mask }
        buckets[hole] = 0
        count -= 1
        // Entries after the hole that probed past it move back into it.
        var next = (hole + 1) & mask
        while buckets[next] != 0 {
            let home = Int(buckets[next] >> 32) & mask
            // Moves back unless its home lies cyclically in (hole, next].
            let stays = hole < next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !stays {
                buckets[hole] = buckets[next]
                buckets[next] = 0
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    /// Makes room for `capacity` entries at most half full.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = Swift.max(16, buckets.count)
        while size < 2 * capacity { size *= 2 }
        guard size > buckets.count else { return }
        let old = buckets
        buckets = [UInt64](repeating: 0, count: size)
        for entry in old where entry != 0 { place(entry) }
    }

    private static func slot(in entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1 }

    private mutating func place(_ entry: UInt64) {
        let mask = buckets.count - 1
        var bucket = Int(entry >> 32) & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = entry
    }
}
