/// How many places of each legend kind the map holds, kept slot by slot as places come and go, so
/// the legend lists exactly the kinds on the map.
struct LegendCounts {
    /// The legend entry of each slot's place, -1 for an empty slot.
    private var keys: [Int8] = []
    private var counts = [Int](repeating: 0, count: Category.legend.count)

    /// The place in `slot` is now of `category` (nil: the slot is empty); `room` is the model's slot capacity.
    mutating func note(slot: Int, category: Category?, room: Int) {
        keys.pad(to: slot + 1, with: -1, room: room)
        if keys[slot] >= 0 { counts[Int(keys[slot])] -= 1 }
        let key = category.map { Int8(Category.legend.firstIndex(of: $0.legendEntry)!) } ?? -1
        keys[slot] = key
        if key >= 0 { counts[Int(key)] += 1 }
    }

    /// The kinds some place has, in legend order.
    var kinds: [Category] {
        Category.legend.indices.filter { counts[$0] > 0 }.map { Category.legend[$0] }
    }
}
