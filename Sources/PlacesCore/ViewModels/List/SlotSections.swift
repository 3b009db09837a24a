/// The section each slot's place is listed in (besides Favourites and collections), as a small
/// number into a table of the sections seen: four bytes a place instead of a section id's 24.
struct SlotSections {
    /// By slot: 0 for none, else 1 + the index in `ids`.
    private var numbers: [UInt32] = []
    private var ids: [PlaceSection] = []
    private var numbersByID: [PlaceSection: UInt32] = [:]

    var count: Int { numbers.count }

    subscript(slot: Int) -> PlaceSection? {
        get { numbers[slot] == 0 ? nil : ids[Int(numbers[slot]) - 1] }
        set {
            guard let newValue else { return numbers[slot] = 0 }
            numbers[slot] = number(of: newValue)
        }
    }

    mutating func grow(to count: Int, room: Int) {
        numbers.pad(to: count, with: 0, room: room)
    }

    private mutating func number(of id: PlaceSection) -> UInt32 {
        if let number = numbersByID[id] { return number }
        ids.append(id)
        let number = UInt32(ids.count)
        numbersByID[id] = number
        return number
    }
}
