/// The search keys of places that come and go, by slot. The slots are cut into segments of
/// `segmentSize`, each a contiguous `SearchIndex` over a snapshot of its keys; the keys changed since
/// are kept aside and checked one by one (the `LivePlaceIndex` scheme). Once a segment's changes
/// outnumber a sixteenth of it (at least 64), that segment alone is laid out again from its old
/// snapshot and the changes. Nothing else holds the keys: a million places' keys are four
/// buffers, and a rebuild never holds more than one of them twice.
///
/// Each segment keeps its own changes, and those handed out for a snapshot apart from the ones made
/// since: putting a snapshot in place drops the handed-out ones whole, where sifting one dictionary of
/// every change took 4% of the main thread's time while a million places came in.
///
/// Typing narrows a search: when every word of the previous query is part of a word of the new one,
/// only the previous matches can match, and only they are checked, for the new words (`narrowing`).
struct LiveSearchIndex {
    private var segments: [Segment] = []
    /// One past the highest slot with a key.
    private var count = 0
    /// The last query's words and the slots that matched them.
    private var last: (tokens: [SearchKey], matched: SlotBits)?
    let segmentSize: Int
    /// Leaves rebuilding to the owner, who builds a segment's `SearchIndex` off the main thread when
    /// `wantsRebuild` (`planSnapshot`), and any segment with changes once places are quiet
    /// (`planTidying`); otherwise `update` rebuilds in place.
    var rebuildsElsewhere = false

    private struct Segment {
        var snapshot = SearchIndex([])
        /// Keys set since the snapshot and not handed out for the next one, by slot (an empty slot has
        /// the empty key, which contains no word).
        var changed: [Int: SearchKey] = [:]
        /// Keys handed out for the snapshot being built, until it is put in place; `changed` overrides them.
        var handedOut: [Int: SearchKey]?
        /// Counts the hand-outs and snapshots laid out: one built from an older hand-out is stale.
        var generation = 0

        var changedCount: Int { changed.count + (handedOut?.count ?? 0) }
        var wantsRebuild: Bool { changedCount > max(64, snapshot.count / 16) }

        /// The slot's key when it changed since the snapshot.
        func changedKey(_ slot: Int) -> SearchKey? { changed[slot] ?? handedOut?[slot] }

        /// Every key changed since the snapshot, each slot once.
        func forEachChanged(_ body: (Int, SearchKey) -> Void) {
            for (slot, key) in handedOut ?? [:] where changed[slot] == nil { body(slot, key) }
            for (slot, key) in changed { body(slot, key) }
        }
    }

    /// What a new snapshot of one segment is made of (`snapshot(of:)`, anywhere).
    struct Plan: Sendable {
        fileprivate let segment: Int
        fileprivate let snapshot: SearchIndex
        /// The segment's changes, by slot.
        fileprivate let changed: [Int: SearchKey]
        /// The segment's first slot.
        fileprivate let base: Int
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
        var previous = -1
        for (slot, key) in changes {
            let k = slot / segmentSize
            while segments.count <= k { segments.append(Segment()) }
            segments[k].changed[slot] = key ?? .empty
            count = max(count, slot + 1)
            if k != previous { touched.insert(k) }
            previous = k
        }
        last = nil
        guard !rebuildsElsewhere else { return }
        for k in touched where segments[k].wantsRebuild {
            install(Self.snapshot(of: handOut(k)))
        }
    }

    /// Whether so many keys of a segment changed that a new snapshot of it would answer faster.
    var wantsRebuild: Bool { segments.contains(where: \.wantsRebuild) }

    /// What to build the next snapshot from, for `install`: the segment with the most changes; its
    /// changes from now on are kept apart, to be checked one by one against that snapshot. Nil when no
    /// segment wants a rebuild.
    mutating func planSnapshot() -> Plan? {
        plan(among: \.wantsRebuild)
    }

    /// Like `planSnapshot`, for a segment with any key changed, however few: for when places have
    /// stopped changing, so that no keystroke checks keys one by one any more (a million places
    /// imported leave up to a sixteenth of each segment so, and a keystroke took 160–200 ms). Nil
    /// when no segment has a change.
    mutating func planTidying() -> Plan? {
        plan(among: { $0.changedCount > 0 })
    }

    /// Hands out the segment with the most changes among those `isCandidate` accepts.
    private mutating func plan(among isCandidate: (Segment) -> Bool) -> Plan? {
        guard let k = segments.indices.filter({ isCandidate(segments[$0]) })
            .max(by: { segments[$0].changedCount < segments[$1].changedCount }) else { return nil }
        return handOut(k)
    }

    /// Hands segment `k`'s changes out for a new snapshot (with those of an earlier hand-out never put in place).
    private mutating func handOut(_ k: Int) -> Plan {
        var changes = segments[k].handedOut ?? [:]
        if changes.isEmpty {
            swap(&changes, &segments[k].changed)
        } else {
            changes.merge(segments[k].changed) { $1 }
            segments[k].changed = [:]
        }
        segments[k].handedOut = changes
        segments[k].generation += 1
        let base = k * segmentSize
        return Plan(segment: k, snapshot: segments[k].snapshot, changed: changes, base: base,
                    count: max(0, min(count, base + segmentSize) - base), generation: segments[k].generation)
    }

    static func snapshot(of plan: Plan) -> Built {
        var local = [Int: SearchKey](minimumCapacity: plan.changed.count)
        for (slot, key) in plan.changed { local[slot - plan.base] = key }
        return Built(segment: plan.segment, index: SearchIndex(plan.snapshot, changing: local, count: plan.count), generation: plan.generation)
    }

    /// What `install` took out of use: the old snapshot and the keys handed out for the new one.
    struct Replaced: Sendable {
        fileprivate let snapshot: SearchIndex
        fileprivate let handedOut: [Int: SearchKey]?
    }

    /// Puts in place a snapshot built from the latest plan handed out for its segment; one from an
    /// older plan is dropped. Returns what it replaced, for the caller to free where it likes.
    @discardableResult
    mutating func install(_ built: Built) -> Replaced? {
        let k = built.segment
        guard segments.indices.contains(k), built.generation == segments[k].generation, segments[k].handedOut != nil else { return nil }
        var snapshot = built.index
        swap(&segments[k].snapshot, &snapshot)
        var handedOut: [Int: SearchKey]?
        swap(&segments[k].handedOut, &handedOut)
        segments[k].generation += 1
        last = nil
        return Replaced(snapshot: snapshot, handedOut: handedOut)
    }

    /// The slots whose key contains every token (callers look only at occupied slots).
    mutating func matches(_ tokens: [SearchKey]) -> SlotBits {
        let tokens = tokens.filter { !$0.bytes.isEmpty }
        guard !tokens.isEmpty else {
            last = nil
            return SlotBits(ascending: 0..<count)
        }
        if let last, last.tokens == tokens { return last.matched }
        let changedCount = segments.reduce(0) { $0 + $1.changedCount }
        let narrowed = narrowing(to: tokens, changedCount: changedCount)
        let previous = narrowed?.previous
        let patterns = (narrowed?.words ?? tokens).map { BytePattern($0.bytes) }
        let snapshots = segments.map(\.snapshot)
        let segmentSize = segmentSize
        // The segments on every core at once: a sweep of a million places' keys costs milliseconds.
        var matched = Parallel.map(0..<snapshots.count) { k in
            let base = k * segmentSize
            if let previous { return snapshots[k].matches(patterns, among: previous, offset: base) }
            return snapshots[k].matches(patterns, offset: base)
        }.reduce(into: SlotBits()) { $0.formDisjointUnion($1) }
        // A snapshot may be longer than the slots now.
        matched.removeAll(from: count)
        if changedCount > 0 {
            func check(_ slot: Int, _ key: SearchKey) {
                if tokens.allSatisfy({ key.contains($0) }) { matched.insert(slot) } else { matched.remove(slot) }
            }
            if let previous, previous.count < changedCount {
                for slot in previous { if let key = segments[slot / segmentSize].changedKey(slot) { check(slot, key) } }
            } else if let previous {
                for segment in segments {
                    segment.forEachChanged { slot, key in if previous.contains(slot) { check(slot, key) } }
                }
            } else {
                for segment in segments { segment.forEachChanged(check) }
            }
        }
        last = (tokens, matched)
        return matched
    }

    /// Typing narrows: only the previous matches are checked again, and only for the words they were
    /// not found by ("san j" after "san": "j"). Unless those are letters, which a key's classes decide,
    /// checking them costs a key each, and one sweep of each snapshot is faster once the previous
    /// matches are many (a key in a snapshot costs a sixteenth of checking it alone; the keys changed
    /// since are checked alone either way). Nil: sweep the snapshots for every word.
    private func narrowing(to tokens: [SearchKey], changedCount: Int) -> (previous: SlotBits, words: [SearchKey])? {
        guard let last, Self.narrows(last.tokens, to: tokens) else { return nil }
        let left = tokens.filter { !last.tokens.contains($0) }
        let isLettersLeft = left.allSatisfy { $0.bytes.count == 1 && BytePattern.isDecidedByClasses($0.bytes[0]) }
        guard isLettersLeft || last.matched.count <= max(count / 16, changedCount) else { return nil }
        return (last.matched, left)
    }

    /// Whether every key matching `new` also matches `old`: each old word is inside a new word.
    private static func narrows(_ old: [SearchKey], to new: [SearchKey]) -> Bool {
        !old.isEmpty && old.allSatisfy { word in new.contains { $0.contains(word) } }
    }
}
