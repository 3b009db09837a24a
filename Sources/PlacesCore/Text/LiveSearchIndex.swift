/// The search keys of places that come and go, by slot: a contiguous `SearchIndex` over a snapshot,
/// with the keys changed since kept aside and checked one by one (the `LivePlaceIndex` scheme). Once
/// the changes outnumber a sixteenth of the snapshot (at least 64), the snapshot is rebuilt.
struct LiveSearchIndex {
    private var keys: [SearchKey?]
    private var snapshot: SearchIndex
    private var stale: Set<Int> = []

    init(_ keys: [SearchKey?]) {
        self.keys = keys
        snapshot = SearchIndex(keys.map { $0 ?? SearchKey.empty })
    }

    /// Sets the key of `slot` (nil: the slot is empty).
    mutating func update(slot: Int, to key: SearchKey?) {
        if slot >= keys.count { keys.append(contentsOf: repeatElement(nil, count: slot + 1 - keys.count)) }
        keys[slot] = key
        stale.insert(slot)
        if stale.count > max(64, snapshot.count / 16) {
            snapshot = SearchIndex(keys.map { $0 ?? SearchKey.empty })
            stale = []
        }
    }

    /// For each slot, whether its key contains every token (callers look only at occupied slots).
    func matches(_ tokens: [SearchKey]) -> [Bool] {
        var matched = snapshot.matches(tokens)
        if matched.count < keys.count { matched.append(contentsOf: repeatElement(false, count: keys.count - matched.count)) }
        for slot in stale {
            matched[slot] = keys[slot].map { key in tokens.allSatisfy { key.contains($0) } } ?? false
        }
        return matched
    }
}
