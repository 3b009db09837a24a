/// The places of a `PlacesModel`, each in a numbered slot that it keeps for as long as it is in the
/// model. View-models index their own per-place data (screen points, search keys, distances) by slot,
/// so a change touches only the slots it names instead of renumbering everything after a removal.
///
/// A removed place's slot stays empty until the transaction that removed it has been broadcast, and
/// is reused by later additions; iteration visits the occupied slots in slot order.
public struct PlaceTable: Sendable {
    private var storage: ContiguousArray<Place?> = []
    private var slotsByID: [Place.ID: Int] = [:]
    private var reusable: [Int] = []
    /// Slots emptied in the transaction under way: not reusable until it has been broadcast.
    private var emptiedNow: [Int] = []

    public private(set) var count = 0

    /// One past the highest slot ever used: per-slot arrays need this many entries.
    public var slotCount: Int { storage.count }

    /// The place in `slot`, nil for an empty or unknown slot.
    public subscript(slot: Int) -> Place? {
        storage.indices.contains(slot) ? storage[slot] : nil
    }

    /// The slot of the place with `id`.
    public func slot(of id: Place.ID) -> Int? { slotsByID[id] }

    public func place(withID id: Place.ID) -> Place? { slotsByID[id].flatMap { storage[$0] } }

    /// Puts `place` into a free slot and returns it; the caller has checked that its id is new.
    mutating func insert(_ place: Place) -> Int {
        let slot: Int
        if let free = reusable.popLast() {
            slot = free
            storage[slot] = place
        } else {
            slot = storage.count
            storage.append(place)
        }
        slotsByID[place.id] = slot
        count += 1
        return slot
    }

    /// Replaces the place in `slot` with `place`, which has the same id.
    mutating func replace(at slot: Int, with place: Place) {
        storage[slot] = place
    }

    /// Empties `slot` and returns the place that was in it.
    mutating func remove(at slot: Int) -> Place {
        let place = storage[slot]!
        storage[slot] = nil
        slotsByID[place.id] = nil
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
        storage.indices.lazy.filter { storage[$0] != nil }
    }

    public var underestimatedCount: Int { count }
}
