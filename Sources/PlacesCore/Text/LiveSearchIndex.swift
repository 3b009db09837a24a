/// The search keys of places that come and go, by slot: a contiguous `SearchIndex` over a snapshot,
/// with the keys changed since kept aside and checked one by one (the `LivePlaceIndex` scheme). Once
/// the changes outnumber a sixteenth of the snapshot (at least 64), the snapshot is rebuilt from the
/// old one and the changes. Nothing else holds the keys: a million places' keys are one buffer.
///
/// Typing narrows a search: when every word of the previous query is part of a word of the new one,
/// only the previous matches can match, and only they are checked.
struct LiveSearchIndex {
    private var snapshot = SearchIndex([])
    /// Keys set since the snapshot was laid out, by slot (an empty slot has the empty key, which
    /// contains no word).
    private var changed: [Int: SearchKey] = [:]
    /// One past the highest slot with a key.
    private var count = 0
    /// The last query's words and the slots that matched them.
    private var last: (tokens: [SearchKey], slots: [Int])?
    /// Slots changed since the keys for a snapshot were handed out; nil while none is being built.
    private var changedSinceHandout: Set<Int>?
    /// Counts the snapshots laid out in place: a snapshot built elsewhere from an older plan is stale.
    private var generation = 0
    /// Leaves rebuilding to the owner, who builds a `SearchIndex` off the main thread when
    /// `wantsRebuild`; otherwise `update` rebuilds in place.
    var rebuildsElsewhere = false

    /// What a new snapshot is made of (`snapshot(of:)`, anywhere).
    struct Plan: Sendable {
        fileprivate let snapshot: SearchIndex
        fileprivate let changed: [Int: SearchKey]
        fileprivate let count: Int
        fileprivate let generation: Int
    }

    /// A snapshot built from a plan, for `install`.
    struct Built: Sendable {
        fileprivate let index: SearchIndex
        fileprivate let generation: Int
    }

    /// Sets the keys of several slots (nil: the slot is empty); a large change rebuilds the snapshot once.
    mutating func update(_ changes: some Sequence<(slot: Int, key: SearchKey?)>) {
        for (slot, key) in changes {
            changed[slot] = key ?? .empty
            count = max(count, slot + 1)
            changedSinceHandout?.insert(slot)
        }
        last = nil
        if wantsRebuild, !rebuildsElsewhere {
            snapshot = Self.snapshot(of: plan).index
            changed = [:]
            changedSinceHandout = nil
            generation += 1
        }
    }

    /// Whether so many keys changed that a new snapshot would answer faster.
    var wantsRebuild: Bool { changed.count > max(64, snapshot.count / 16) }

    /// What to build the next snapshot from, for `install`; changes from now on are noted, to be
    /// checked one by one against that snapshot.
    mutating func planSnapshot() -> Plan {
        changedSinceHandout = []
        return plan
    }

    private var plan: Plan { Plan(snapshot: snapshot, changed: changed, count: count, generation: generation) }

    static func snapshot(of plan: Plan) -> Built {
        Built(index: SearchIndex(plan.snapshot, changing: plan.changed, count: plan.count), generation: plan.generation)
    }

    /// Puts in place a snapshot built from the plan `planSnapshot` handed out, unless one was laid out
    /// in place since.
    mutating func install(_ built: Built) {
        guard built.generation == generation, let since = changedSinceHandout else { return }
        changed = changed.filter { since.contains($0.key) }
        snapshot = built.index
        changedSinceHandout = nil
        generation += 1
        last = nil
    }

    /// For each slot, whether its key contains every token (callers look only at occupied slots).
    mutating func matches(_ tokens: [SearchKey]) -> [Bool] {
        let tokens = tokens.filter { !$0.bytes.isEmpty }
        var matched = [Bool](repeating: false, count: count)
        var slots: [Int] = []
        if let last, Self.narrows(last.tokens, to: tokens) {
            for slot in last.slots where tokens.allSatisfy({ key(slot, contains: $0) }) {
                matched[slot] = true
                slots.append(slot)
            }
        } else {
            let swept = snapshot.matches(tokens)
            for slot in swept.indices where swept[slot] && changed[slot] == nil { matched[slot] = true }
            for (slot, key) in changed { matched[slot] = tokens.allSatisfy { key.contains($0) } }
            slots = matched.indices.filter { matched[$0] }
        }
        last = (tokens, slots)
        return matched
    }

    private func key(_ slot: Int, contains token: SearchKey) -> Bool {
        if let key = changed[slot] { return key.contains(token) }
        return slot < snapshot.count && snapshot.key(slot, contains: token.bytes)
    }

    /// Whether every key matching `new` also matches `old`: each old word is inside a new word.
    private static func narrows(_ old: [SearchKey], to new: [SearchKey]) -> Bool {
        !old.isEmpty && old.allSatisfy { word in new.contains { $0.contains(word) } }
    }
}
