/// A group of places in the list (the `Group<T>` of MVVM for a screen with several data sources):
/// its members' slots in display order.
struct PlacesListSection {
    let id: PlacesListSectionID
    var members: [Int] = []

    /// Where `slot` goes (or is) among the members, by `order`.
    func position(of slot: Int, by order: PlacesListOrder) -> Int {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            if order.precedes(members[middle], slot) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `slot` is a member (found with the keys it was inserted with).
    func contains(_ slot: Int, by order: PlacesListOrder) -> Bool {
        let position = position(of: slot, by: order)
        return members.indices.contains(position) && members[position] == slot
    }

    mutating func insert(_ slot: Int, by order: PlacesListOrder) {
        members.insert(slot, at: position(of: slot, by: order))
    }

    /// Removes `slot`, found with the sort keys it was inserted with.
    mutating func remove(_ slot: Int, by order: PlacesListOrder) {
        if contains(slot, by: order) { members.remove(at: position(of: slot, by: order)) }
    }
}

/// The order of places within a section: nearest first once there is a home, then by folded name,
/// then by slot, so that equal names keep one order every time.
struct PlacesListOrder {
    /// Distance from home in kilometres by slot; empty without a home.
    var distances: [Double] = []
    /// Folded names by slot.
    var names: [SearchKey?] = []

    func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        if !distances.isEmpty, distances[lhs] != distances[rhs] { return distances[lhs] < distances[rhs] }
        let left = names[lhs]?.bytes ?? [], right = names[rhs]?.bytes ?? []
        if left != right { return left.lexicographicallyPrecedes(right) }
        return lhs < rhs
    }
}
