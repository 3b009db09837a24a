/// The search keys of places that come and go, by slot. The slots are cut into segments of
/// `segmentSize`, each a contiguous `SearchIndex` over a snapshot of its keys; the keys changed since
/// are kept aside and checked one by one (the `LivePlaceIndex` scheme). Once a segment's changes
/// outnumber a sixteenth of it (at least 64), that segment alone is laid out again from its old
/// snapshot and the changes. Nothing else holds the keys: a million places' keys are four
/// buffers, and a rebuild never holds more than one of them twice.
///
/// Typing narrows a search: when every word of the previous query is part of a word of the new one,
/// only the previous matches can match, and only they are checked (when they are not most slots).
struct LiveSearchIndex {
    private var segments: [Segment] = []
    /// Keys set since their segment's snapshot was laid out, by slot (an empty slot has the empty
    /// key, which contains no word).
    private var changed: [Int: SearchKey] = [:]
    /// One past the highest slot with a key.
    private var count = 0
    /// The last query's words and the slots that matched them.
    private var last: (tokens: [SearchKey], slots: [Int])?
    let segmentSize: Int
    /// Leaves rebuilding to the owner, who builds a segment's `SearchIndex` off the main thread when
    /// `wantsRebuild`; otherwise `update` rebuilds in place.
    var rebuildsElsewhere = false

    private struct Segment {
        var snapshot = SearchIndex([])
        /// How many of `changed` are in this segment.
        var changedCount = 0
        /// Slots changed since its keys were handed out for a snapshot; nil while none is built.
        var changedSinceHandout: Set<Int>?
        /// Counts the snapshots laid out: one built elsewhere from an older plan is stale.
        var generation = 0

        var wantsRebuild: Bool { changedCount > max(64, snapshot.count / 16) }
    }

    /// What a new snapshot of one segment is made of (`snapshot(of:)`, anywhere).
    struct Plan: Sendable {
        fileprivate let segment: Int
        fileprivate let snapshot: SearchIndex
        /// The segment's changes, by slot within it.
        fileprivate let changed: [Int: SearchKey]
        fileprivate let count: Int
        fileprivate let generation: Int
    }

    /// A snapshot built from a plan, for `install`.
    struct Built: Sendable {
        fileprivate let segment: Int
        fileprivate let index: SearchIndex
        fileprivate let generation: Int
    }

    init(segmentSize: Int = LivePlaceIndex.defaultSegmentSize) {
        self.segmentSize = max(1, segmentSize)
    }

    /// Sets the keys of several slots (nil: the slot is empty); each segment changed much is rebuilt once.
    mutating func update(_ changes: some Sequence<(slot: Int, key: SearchKey?)>) {
        var touched: Set<Int> = []
        for (slot, key) in changes {
            let k = slot / segmentSize
            while segments.count <= k { segments.append(Segment()) }
            if changed.updateValue(key ?? .empty, forKey: slot) == nil { segments[k].changedCount += 1 }
            count = max(count, slot + 1)
            segments[k].changedSinceHandout?.insert(slot)
            touched.insert(k)
        }
        last = nil
        guard !rebuildsElsewhere else { return }
        for k in touched where segments[k].wantsRebuild {
            lay(Self.snapshot(of: plan(for: k)), keeping: [])
        }
    }

    /// Whether so many keys of a segment changed that a new snapshot of it would answer faster.
    var wantsRebuild: Bool { segments.contains(where: \.wantsRebuild) }

    /// What to build the next snapshot from, for `install`: the segment with the most changes; its
    /// changes from now on are noted, to be checked one by one against that snapshot. Nil when no
    /// segment wants a rebuild.
    mutating func planSnapshot() -> Plan? {
        guard let k = segments.indices.filter({ segments[$0].wantsRebuild })
            .max(by: { segments[$0].changedCount < segments[$1].changedCount }) else { return nil }
        segments[k].changedSinceHandout = []
        return plan(for: k)
    }

    private func plan(for k: Int) -> Plan {
        let base = k * segmentSize
        let range = base..<base + segmentSize
        var local: [Int: SearchKey] = [:]
        for (slot, key) in changed where range.contains(slot) { local[slot - base] = key }
        return Plan(segment: k, snapshot: segments[k].snapshot, changed: local,
                    count: max(0, min(count, base + segmentSize) - base), generation: segments[k].generation)
    }

    static func snapshot(of plan: Plan) -> Built {
        Built(segment: plan.segment, index: SearchIndex(plan.snapshot, changing: plan.changed, count: plan.count), generation: plan.generation)
    }

    /// Puts in place a snapshot built from a plan `planSnapshot` handed out, unless its segment was
    /// laid out in place since.
    mutating func install(_ built: Built) {
        let k = built.segment
        guard segments.indices.contains(k), built.generation == segments[k].generation,
              let since = segments[k].changedSinceHandout else { return }
        lay(built, keeping: since)
    }

    /// Puts `built` in place, the changes of its segment other than `since` now in it.
    private mutating func lay(_ built: Built, keeping since: Set<Int>) {
        let k = built.segment
        let range = k * segmentSize..<(k + 1) * segmentSize
        changed = changed.filter { !range.contains($0.key) || since.contains($0.key) }
        segments[k].snapshot = built.index
        segments[k].changedCount = since.count
        segments[k].changedSinceHandout = nil
        segments[k].generation += 1
        last = nil
    }

    /// For each slot, whether its key contains every token (callers look only at occupied slots).
    mutating func matches(_ tokens: [SearchKey]) -> [Bool] {
        let tokens = tokens.filter { !$0.bytes.isEmpty }
        guard !tokens.isEmpty else {
            last = nil
            return [Bool](repeating: true, count: count)
        }
        if let last, last.tokens == tokens { return Self.flags(last.slots, count: count) }
        let patterns = tokens.map { BytePattern($0.bytes) }
        // Typing narrows: only the previous matches are checked again, unless there are so many that one
        // sweep of each snapshot is faster (a key in a snapshot costs a sixteenth of checking it alone;
        // the keys changed since are checked alone either way).
        let previous = last.flatMap { last in
            Self.narrows(last.tokens, to: tokens) && last.slots.count <= max(count / 16, changed.count) ? last.slots : nil
        }
        let snapshots = segments.map(\.snapshot)
        let segmentSize = segmentSize
        // The segments on every core at once: a sweep of a million places' keys costs milliseconds.
        var slots = Parallel.map(0..<snapshots.count) { k in
            var found: [Int] = []
            let base = k * segmentSize
            if let previous {
                let candidates = previous[previous.lowerBound(of: base)..<previous.lowerBound(of: base + segmentSize)]
                snapshots[k].collect(patterns, among: candidates, into: &found, offset: base)
            } else {
                snapshots[k].collect(patterns, into: &found, offset: base)
            }
            return found
        }.flatMap { $0 }
        // A snapshot may be longer than the slots now.
        slots.removeSubrange(slots.lowerBound(of: count)...)
        var matched = Self.flags(slots, count: count)
        if !changed.isEmpty {
            func check(_ slot: Int, _ key: SearchKey) { matched[slot] = tokens.allSatisfy { key.contains($0) } }
            if let previous, previous.count < changed.count {
                for slot in previous { if let key = changed[slot] { check(slot, key) } }
            } else if let previous {
                for (slot, key) in changed where previous[previous.lowerBound(of: slot)...].first == slot { check(slot, key) }
            } else {
                for (slot, key) in changed { check(slot, key) }
            }
            slots = matched.indices.filter { matched[$0] }
        }
        last = (tokens, slots)
        return matched
    }

    private static func flags(_ slots: [Int], count: Int) -> [Bool] {
        var flags = [Bool](repeating: false, count: count)
        for slot in slots { flags[slot] = true }
        return flags
    }

    /// Whether every key matching `new` also matches `old`: each old word is inside a new word.
    private static func narrows(_ old: [SearchKey], to new: [SearchKey]) -> Bool {
        !old.isEmpty && old.allSatisfy { word in new.contains { $0.contains(word) } }
    }
}
