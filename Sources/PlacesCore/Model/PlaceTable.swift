/// The places of a `PlacesModel`, each in a numbered slot that it keeps for as long as it is in the
/// model. View-models index their own per-place data (screen points, search keys, distances) by slot,
/// so a change touches only the slots it names instead of renumbering everything after a removal.
///
/// A removed place's slot stays empty until the transaction that removed it has been broadcast, and
/// is reused by later additions; iteration visits the occupied slots in slot order.
public struct PlaceTable: Sendable {
    private var storage: ContiguousArray<Place?> = []
    /// Whether each slot holds a place: `slots` reads this rather than copying places to find out.
    private var occupied: [Bool] = []
    private var slotsByID = PlaceIDIndex()
    private var reusable: [Int] = []
    /// Slots emptied in the transaction under way: not reusable until it has been broadcast.
    private var emptiedNow: [Int] = []
    /// The slots of own places (`Place.isOwn`): a few hundred, where an import adds a million others.
    private var own = SlotBits()

    public private(set) var count = 0

    /// One past the highest slot ever used: per-slot arrays need this many entries.
    public var slotCount: Int { storage.count }
    /// The slots there is room for: as many as a file being read is expected to bring, so that
    /// per-slot arrays can make room for them at once (`Array.pad(to:with:room:)`).
    public var slotCapacity: Int { storage.capacity }

    /// The place in `slot`, nil for an empty or unknown slot. Read in place: `places[slot]?.name`
    /// copies the name, not the whole place.
    public subscript(slot: Int) -> Place? {
        _read {
            if storage.indices.contains(slot) { yield storage[slot] } else { yield nil }
        }
    }

    /// What `body` reads from the place in `slot` (nil for an empty or unknown slot), without copying
    /// the place: a copy retains each of its strings, which adds up over a million places.
    public func read<Value>(_ slot: Int, _ body: (borrowing Place) -> Value) -> Value? {
        // `occupied`, not `storage[slot] != nil`: that compares two `Place?` as Equatable, copying
        // the place first.
        guard storage.indices.contains(slot), occupied[slot] else { return nil }
        return body(storage[slot]!)
    }

    public func slot(of id: Place.ID) -> Int? {
        slot(of: id, hash: id.hashValue)
    }

    private func slot(of id: Place.ID, hash: Int) -> Int? {
        storage.withUnsafeBufferPointer { storage in
            slotsByID.slot(hash: hash) { storage[$0]!.id == id }
        }
    }

    public func place(withID id: Place.ID) -> Place? { slot(of: id).flatMap { storage[$0] } }

    /// Those of `slots` that hold own places, ascending: found from the own places when they are
    /// fewer, so that a file's million places added are not each read to learn they are not own.
    public func ownSlots(among slots: Set<Int>) -> [Int] {
        own.count < slots.count ? own.filter(slots.contains) : slots.filter(own.contains).sorted()
    }

    /// Makes room for `additional` more places at once, instead of growing step by step; growing by
    /// at least a quarter each time, so that adding a file in many small portions stays linear.
    mutating func reserveCapacity(forAdding additional: Int) {
        let needed = storage.count + additional
        guard storage.capacity < needed else { return }
        let capacity = Swift.max(needed, storage.capacity + storage.capacity / 4)
        storage.reserveCapacity(capacity)
        occupied.reserveCapacity(capacity)
        slotsByID.reserveCapacity(count + additional)
    }

    /// What `insertOrReplace` did.
    enum Insertion {
        case added, replaced, unchanged
    }

    /// Puts `place` into a free slot unless a place with its id is in the table already; returns
    /// whether it did and the slot of the place with that id (as `Set.insert`).
    mutating func insert(_ place: consuming Place) -> (inserted: Bool, slot: Int) {
        let hash = place.id.hashValue
        if let found = slot(of: place.id, hash: hash) { return (false, found) }
        return (true, add(consume place, hash: hash))
    }

    /// Puts `place` into a free slot, or in place of the one with its id when that differs; returns
    /// what it did and the slot. The id is hashed once, and the place moved in, not copied: a file's
    /// million places each asked first and inserted after, hashing every id twice.
    mutating func insertOrReplace(_ place: consuming Place) -> (Insertion, slot: Int) {
        let hash = place.id.hashValue
        guard let found = slot(of: place.id, hash: hash) else { return (.added, add(consume place, hash: hash)) }
        guard storage[found] != place else { return (.unchanged, found) }
        if place.isOwn { own.insert(found) } else { own.remove(found) }
        storage[found] = consume place
        return (.replaced, found)
    }

    /// Puts `place`, whose id hashes to `hash` and is not in the table, into a free slot; returns the slot.
    private mutating func add(_ place: consuming Place, hash: Int) -> Int {
        let slot: Int
        let isOwn = place.isOwn
        if let free = reusable.popLast() {
            slot = free
            storage[slot] = consume place
            occupied[slot] = true
        } else {
            slot = storage.count
            storage.append(consume place)
            occupied.append(true)
        }
        slotsByID.insert(slot, hash: hash)
        if isOwn { own.insert(slot) }
        count += 1
        return slot
    }

    /// Empties `slot` and returns the place that was in it.
    mutating func remove(at slot: Int) -> Place {
        let place = storage[slot]!
        slotsByID.remove(slot, hash: place.id.hashValue)
        storage[slot] = nil
        own.remove(slot)
        occupied[slot] = false
        emptiedNow.append(slot)
        count -= 1
        return place
    }

    /// The slots emptied by the transaction that just ended may now be reused.
    mutating func endTransaction() {
        reusable.append(contentsOf: emptiedNow.reversed())
        emptiedNow.removeAll()
    }
}

extension PlaceTable: Sequence {
    /// The places, in slot order.
    public func makeIterator() -> some IteratorProtocol<Place> {
        storage.lazy.compactMap { $0 }.makeIterator()
    }

    /// The occupied slots, ascending.
    public var slots: some Sequence<Int> {
        occupied.indices.lazy.filter { [occupied] in occupied[$0] }
    }

    public var underestimatedCount: Int { count }
}
