/// An open-addressing hash table from object addresses to slot numbers (32-bit, -1 for an empty
/// bucket), linear probing, with a quarter more buckets than slots: at most 80% full, about five
/// bytes per delegate. It makes `add` (which must not add a delegate twice), `remove` and `contains`
/// O(1) without touching the delivery path.
struct AddressIndex {
    var buckets = UnsafeMutablePointer<Int32>.allocate(capacity: 0)
    var bucketCount = 0

    func clear() { buckets.update(repeating: -1, count: bucketCount) }

    /// Replaces the buckets by `count` empty ones.
    mutating func reset(count: Int) {
        buckets.deallocate()
        buckets = .allocate(capacity: count)
        bucketCount = count
        clear()
    }

    func deallocate() { buckets.deallocate() }

    /// The first bucket to look in for `address`: a multiplicative hash of the address mapped onto the
    /// buckets without a division.
    func home(of address: UInt) -> Int {
        let hash = (address >> 4) &* 0x9E37_79B9_7F4A_7C15
        return Int(hash.multipliedFullWidth(by: UInt(bucketCount)).high)
    }

    func next(_ bucket: Int) -> Int { bucket + 1 == bucketCount ? 0 : bucket + 1 }
}

extension MulticastDelegate {
    /// The slot of the live delegate `object`, if any. A bucket whose slot holds the same address but
    /// reads nil belongs to a dead object whose memory was reused, so the search goes on.
    func liveIndex(of object: AnyObject) -> Int? {
        guard addresses.bucketCount > 0 else { return nil }
        let target = UInt(bitPattern: ObjectIdentifier(object))
        var bucket = addresses.home(of: target)
        while addresses.buckets[bucket] >= 0 {
            let slot = Int(addresses.buckets[bucket])
            if address(at: slot) == target, references[slot].object === object { return slot }
            bucket = addresses.next(bucket)
        }
        return nil
    }

    /// Puts `slot` in the first empty bucket from its address's home; buckets outnumber slots, so there is one.
    func insertAddress(of slot: Int) {
        var bucket = addresses.home(of: address(at: slot))
        while addresses.buckets[bucket] >= 0 { bucket = addresses.next(bucket) }
        addresses.buckets[bucket] = Int32(slot)
    }

    /// Takes `slot` out of the address index, moving later entries of its probe run back so that no
    /// search stops early (deletion without tombstones).
    func removeAddress(of slot: Int) {
        var hole = addresses.home(of: address(at: slot))
        while addresses.buckets[hole] != Int32(slot) { hole = addresses.next(hole) }
        var bucket = addresses.next(hole)
        while addresses.buckets[bucket] >= 0 {
            let home = addresses.home(of: address(at: Int(addresses.buckets[bucket])))
            // The entry may fill the hole unless its home lies cyclically in (hole, bucket].
            let homeIsBetween = hole <= bucket ? (hole < home && home <= bucket) : (hole < home || home <= bucket)
            if !homeIsBetween {
                addresses.buckets[hole] = addresses.buckets[bucket]
                hole = bucket
            }
            bucket = addresses.next(bucket)
        }
        addresses.buckets[hole] = -1
    }

    /// Indexes every slot anew, with a quarter more buckets than slots. Dead slots are indexed too
    /// (telling them apart would cost a weak load each); searches step over them, and the next
    /// compaction, which leaves only live slots, drops them.
    func rebuildAddresses() {
        addresses.reset(count: capacity + capacity / 4 + 1)
        for slot in 0..<slotCount { insertAddress(of: slot) }
    }
}
