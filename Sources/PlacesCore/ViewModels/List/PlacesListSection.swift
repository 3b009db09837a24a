/// A group of places in the list (the `Group<T>` of MVVM for a screen with several data sources):
/// its members' slots in display order.
struct PlacesListSection {
    let id: PlaceSection
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

    /// Adds `newcomers`, already sorted by `order`, in place: from the last newcomer back, each is
    /// found among the members not yet moved by binary search, and the members after it are moved up
    /// in bulk (k log n comparisons for k newcomers among n members). A million members are not
    /// copied into a new array each time a portion of a file is listed.
    mutating func merge(_ newcomers: [Int], by order: PlacesListOrder) {
        guard !members.isEmpty else { return members = newcomers }
        var unplaced = members.count
        members.pad(to: members.count + newcomers.count, with: 0, room: 0)
        members.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var free = buffer.count
            for slot in newcomers.reversed() {
                var low = 0, high = unplaced
                while low < high {
                    let middle = (low + high) / 2
                    if order.precedes(base[middle], slot) { low = middle + 1 } else { high = middle }
                }
                let moved = unplaced - low
                free -= moved
                UnsafeMutableRawPointer(base + free).copyMemory(from: base + low, byteCount: moved * MemoryLayout<Int>.stride)
                free -= 1
                base[free] = slot
                unplaced = low
            }
        }
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
    private var names = FoldedNames()
    /// The first eight bytes of each folded name, big-endian and padded with zeros: one integer
    /// comparison orders most pairs of names, without touching their bytes.
    private var prefixes: [UInt64] = []

    mutating func setName(_ name: SearchKey?, at slot: Int) {
        names.set(name, at: slot)
        prefixes[slot] = names.prefix(slot)
    }

    func slots(among slots: ArraySlice<Int>, named key: SearchKey) -> [Int] { names.slots(among: slots, named: key) }

    /// Makes room for slots up to `count`, nameless and infinitely far until they are listed.
    mutating func grow(to count: Int, room: Int) {
        names.grow(to: count, room: room)
        prefixes.pad(to: count, with: 0, room: room)
        if !distances.isEmpty { distances.pad(to: count, with: .infinity, room: room) }
    }

    func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        if !distances.isEmpty, distances[lhs] != distances[rhs] { return distances[lhs] < distances[rhs] }
        if prefixes[lhs] != prefixes[rhs] { return prefixes[lhs] < prefixes[rhs] }
        switch names.compare(lhs, rhs) {
        case ..<0: return true
        case 1...: return false
        default: return lhs < rhs
        }
    }
}
