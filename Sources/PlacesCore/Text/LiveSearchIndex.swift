/// The search keys of places that come and go, by slot: a contiguous `SearchIndex` over a snapshot,
/// with the keys changed since kept aside and checked one by one (the `LivePlaceIndex` scheme). Once
/// the changes outnumber a sixteenth of the snapshot (at least 64), the snapshot is rebuilt.
///
/// Typing narrows a search: when every word of the previous query is part of a word of the new one,
/// only the previous matches can match, and only they are checked.
struct LiveSearchIndex {
    private var keys: [SearchKey?]
    private var snapshot: SearchIndex
    private var stale: Set<Int> = []
    /// The last query's words and the slots that matched them.
    private var last: (tokens: [SearchKey], slots: [Int])?
    /// Slots changed since the keys for a snapshot were handed out; nil while none is being built.
    private var changedSinceHandout: Set<Int>?
    /// Leaves rebuilding to the owner, who builds a `SearchIndex` off the main thread when
    /// `wantsRebuild`; otherwise `update` rebuilds in place.
    var rebuildsElsewhere = false

    init(_ keys: [SearchKey?]) {
        self.keys = keys
        snapshot = Self.snapshot(of: keys)
    }

    /// Sets the keys of several slots (nil: the slot is empty); a large change rebuilds the snapshot once.
    mutating func update(_ changes: some Sequence<(slot: Int, key: SearchKey?)>) {
        for (slot, key) in changes {
            if slot >= keys.count { keys.append(contentsOf: repeatElement(nil, count: slot + 1 - keys.count)) }
            keys[slot] = key
            stale.insert(slot)
            changedSinceHandout?.insert(slot)
        }
        last = nil
        if wantsRebuild, !rebuildsElsewhere {
            snapshot = Self.snapshot(of: keys)
            stale = []
            changedSinceHandout = nil
        }
    }

    /// Whether so many keys changed that a new snapshot would answer faster.
    var wantsRebuild: Bool { stale.count > max(64, snapshot.count / 16) }

    /// The keys to build the next snapshot from (`snapshot(of:)`, anywhere), for `install`.
    mutating func keysForSnapshot() -> [SearchKey?] {
        changedSinceHandout = []
        return keys
    }

    /// The snapshot of `keys` (an empty slot matches nothing).
    static func snapshot(of keys: [SearchKey?]) -> SearchIndex {
        SearchIndex(keys.map { $0 ?? SearchKey.empty })
    }

    /// Puts in place a snapshot built from the keys `keysForSnapshot` handed out; keys changed since
    /// are checked one by one.
    mutating func install(_ built: SearchIndex) {
        snapshot = built
        stale = changedSinceHandout ?? []
        changedSinceHandout = nil
        last = nil
    }

    /// For each slot, whether its key contains every token (callers look only at occupied slots).
    mutating func matches(_ tokens: [SearchKey]) -> [Bool] {
        let tokens = tokens.filter { !$0.bytes.isEmpty }
        var matched = [Bool](repeating: false, count: keys.count)
        var slots: [Int] = []
        if let last, Self.narrows(last.tokens, to: tokens) {
            for slot in last.slots where keys[slot].map({ key in tokens.allSatisfy { key.contains($0) } }) ?? false {
                matched[slot] = true
                slots.append(slot)
            }
        } else {
            let swept = snapshot.matches(tokens)
            for slot in swept.indices where swept[slot] && !stale.contains(slot) { matched[slot] = true }
            for slot in stale { matched[slot] = keys[slot].map { key in tokens.allSatisfy { key.contains($0) } } ?? false }
            slots = matched.indices.filter { matched[$0] }
        }
        last = (tokens, slots)
        return matched
    }

    /// Whether every key matching `new` also matches `old`: each old word is inside a new word.
    private static func narrows(_ old: [SearchKey], to new: [SearchKey]) -> Bool {
        !old.isEmpty && old.allSatisfy { word in new.contains { $0.contains(word) } }
    }
}
