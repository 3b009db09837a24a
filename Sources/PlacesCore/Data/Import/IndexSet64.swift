/// A set of small indices that needs no allocation below 64 (one feature's properties, almost
/// always): a bit mask, with a `Set` for the rest.
struct IndexSet64 {
    private var low: UInt64 = 0
    private var high: Set<Int> = []

    mutating func insert(_ index: Int) {
        if index < 64 { low |= 1 << UInt64(index) } else { high.insert(index) }
    }

    mutating func remove(_ index: Int) {
        if index < 64 { low &= ~(1 << UInt64(index)) } else { high.remove(index) }
    }

    func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high.contains(index)
    }
}
