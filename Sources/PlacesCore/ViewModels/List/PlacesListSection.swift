import Foundation

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

    /// Adds `newcomers`, already sorted by `order`: each found among the members by binary search, the
    /// members between copied in bulk (k log n comparisons for k newcomers among n members).
    mutating func merge(_ newcomers: [Int], by order: PlacesListOrder) {
        guard !members.isEmpty else { return members = newcomers }
        var merged: [Int] = []
        merged.reserveCapacity(members.count + newcomers.count)
        var copied = 0
        for slot in newcomers {
            var low = copied, high = members.count
            while low < high {
                let middle = (low + high) / 2
                if order.precedes(members[middle], slot) { low = middle + 1 } else { high = middle }
            }
            merged += members[copied..<low]
            merged.append(slot)
            copied = low
        }
        merged += members[copied...]
        members = merged
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
    private(set) var names: [SearchKey?] = []
    /// The first eight bytes of each folded name, big-endian and padded with zeros: one integer
    /// comparison orders most pairs of names, without touching their bytes.
    private var prefixes: [UInt64] = []

    mutating func setName(_ name: SearchKey?, at slot: Int) {
        names[slot] = name
        prefixes[slot] = name.map(Self.prefix) ?? 0
    }

    /// Makes room for `count` more slots, nameless and infinitely far until they are listed.
    mutating func grow(by count: Int) {
        names.append(contentsOf: repeatElement(nil, count: count))
        prefixes.append(contentsOf: repeatElement(0, count: count))
        if !distances.isEmpty { distances.append(contentsOf: repeatElement(.infinity, count: count)) }
    }

    func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        if !distances.isEmpty, distances[lhs] != distances[rhs] { return distances[lhs] < distances[rhs] }
        if prefixes[lhs] != prefixes[rhs] { return prefixes[lhs] < prefixes[rhs] }
        switch Self.compare(names[lhs]?.bytes ?? [], names[rhs]?.bytes ?? []) {
        case ..<0: return true
        case 1...: return false
        default: return lhs < rhs
        }
    }

    private static func prefix(of name: SearchKey) -> UInt64 {
        var prefix: UInt64 = 0
        for (index, byte) in name.bytes.prefix(8).enumerated() { prefix |= UInt64(byte) << UInt64(56 - 8 * index) }
        return prefix
    }

    /// Byte order, a name before any longer name it begins.
    private static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
        let common = min(left.count, right.count)
        guard common > 0 else { return left.count - right.count }
        let order = left.withUnsafeBytes { left in right.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, common) } }
        if order != 0 { return Int(order) }
        return left.count - right.count
    }
}
