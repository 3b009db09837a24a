/// The slot of each place by its id: an open-addressing hash table of slot numbers (4 bytes a
/// bucket, at most half of them used) that compares ids with the places' own, where a dictionary
/// would keep a second reference to every id in 24-byte buckets: 8 MB rather than 50 MB for a
/// million places. Linear probing; a removal moves later entries back, so no bucket is ever a
/// tombstone. The table reads ids and hashes through the caller's places (`PlaceTable`).
struct PlaceIDIndex: Sendable {
    /// Slot + 1 in each bucket; 0 for an empty bucket. The count is a power of two.
    private var buckets: [UInt32] = []
    private(set) var count = 0

    /// The slot whose place `holds` says has the id hashed to `hash`.
    func slot(hash: Int, where holds: (Int) -> Bool) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = hash & mask
        while buckets[bucket] != 0 {
            let slot = Int(buckets[bucket]) - 1
            if holds(slot) { return slot }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Adds `slot`, whose place's id (not in the table yet) hashes to `hash`; `hashOf` hashes the id
    /// of the place in any slot already in the table, for when it grows.
    mutating func insert(_ slot: Int, hash: Int, hashOf: (Int) -> Int) {
        reserveCapacity(count + 1, hashOf: hashOf)
        place(slot, hash: hash)
        count += 1
    }

    /// Takes out `slot`, whose place's id hashes to `hash`.
    mutating func remove(_ slot: Int, hash: Int, hashOf: (Int) -> Int) {
        let mask = buckets.count - 1
        var hole = hash & mask
        while Int(buckets[hole]) - 1 != slot { hole = (hole + 1) & mask }
        buckets[hole] = 0
        count -= 1
        // Entries after the hole that probed past it move back into it.
        var next = (hole + 1) & mask
        while buckets[next] != 0 {
            let home = hashOf(Int(buckets[next]) - 1) & mask
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
    mutating func reserveCapacity(_ capacity: Int, hashOf: (Int) -> Int) {
        var size = Swift.max(16, buckets.count)
        while size < 2 * capacity { size *= 2 }
        guard size > buckets.count else { return }
        let old = buckets
        buckets = [UInt32](repeating: 0, count: size)
        for entry in old where entry != 0 { place(Int(entry) - 1, hash: hashOf(Int(entry) - 1)) }
    }

    private mutating func place(_ slot: Int, hash: Int) {
        let mask = buckets.count - 1
        var bucket = hash & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = UInt32(slot + 1)
    }
}
