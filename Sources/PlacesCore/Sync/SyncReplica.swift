/// The library as the merge of every device's commits: a state-based CRDT in which each field of
/// each entity is a multi-value register ordered by a hybrid logical clock.
///
/// - A field keeps the values no other value was made knowing of (its *live* values): an edit made
///   after reading another replaces it; two made without knowing of each other are both kept, the
///   later by the clock shown (`winner`), the other offered on the card ("Also changed on laptop").
/// - A deletion is a tombstone: the entity stays deleted while every live value of its fields was
///   known to a deletion. An edit the deleting device had not read keeps the entity (and is told).
///   Values a deletion knew of are kept with it, so a device that never heard of the deletion cannot
///   bring them back, and an entity kept by a concurrent edit comes back whole.
///
/// Applying commits is commutative, associative and idempotent: devices that applied the same set of
/// commits, in any order, any number of times, hold the same library.
public struct SyncReplica: Sendable {
    /// A value in effect of one field, and the commit that set it.
    struct Live: Sendable, Equatable {
        var field: SyncField
        var commit: Int32
        var value: SyncValue
    }

    /// What is known of one entity: its fields' live values and the deletions in effect. One array
    /// for all fields (a place among 100,000 costs one allocation, not one a field): the live values
    /// of a field are next to each other, the winner first.
    struct EntityState: Sendable {
        var live: [Live] = []
        var deletions: [Int32] = []

        /// The winning value of `field`.
        func value(_ field: SyncField) -> SyncValue? {
            live.first { $0.field == field }?.value
        }

        /// The winner of `field`, with the commit that set it.
        func winner(_ field: SyncField) -> Live? {
            live.first { $0.field == field }
        }

        /// Each field with its live values, the winner first.
        var fields: [(field: SyncField, live: ArraySlice<Live>)] {
            var fields: [(field: SyncField, live: ArraySlice<Live>)] = []
            var start = 0
            while start < live.count {
                var end = start + 1
                while end < live.count, live[end].field == live[start].field { end += 1 }
                fields.append((live[start].field, live[start..<end]))
                start = end
            }
            return fields
        }
    }

    /// Every commit applied, by its index in this array (entities refer to them by index).
    private(set) var headers: [SyncCommit.Header] = []
    private var indices: [SyncCommit.ID: Int32] = [:]
    private(set) var entities: [SyncKey: EntityState] = [:]
    /// The ids of the map files operations named, deleted ones too: found without walking every place.
    private(set) var layerIDs = Set<String>()
    /// For each device, the last of its commits applied: what a new commit has seen.
    public private(set) var known: [SyncDevice.ID: Int] = [:]
    /// The latest clock reading of any commit applied.
    public private(set) var clock = HybridTimestamp.zero

    public init() {}

    public var commitCount: Int { headers.count }

    public func contains(_ id: SyncCommit.ID) -> Bool { indices[id] != nil }

    /// Commits made after one not applied here yet (their `seen` names it): applied once it is, so
    /// that `known` never claims a commit whose edits are not here. Without that, a computer that
    /// got a commit before one it was made after would take the later for known, and an edit made
    /// then would replace it unseen.
    private var waiting: [SyncCommit] = []
    private var waitingIDs = Set<SyncCommit.ID>()

    /// Notes that `device`'s commits up to `sequence` are all known, including those its log no longer
    /// holds because nothing of them was still in effect (`SyncLog`'s compaction); applies the commits
    /// that waited for them.
    @discardableResult
    public mutating func know(_ device: SyncDevice.ID, through sequence: Int) -> Applied {
        var applied = Applied()
        guard sequence > known[device] ?? 0 else { return applied }
        known[device] = sequence
        applyWaiting(into: &applied)
        return applied
    }

    /// How many commits wait for one they were made after.
    public var waitingCount: Int { waiting.count }

    /// What applying a commit did.
    public struct Applied: Sendable {
        /// Whether it changed anything.
        public var changed = false
        /// The entities it changed that have a deletion in effect: each may be kept by an edit its
        /// deletion did not know of (`keptDespiteDeletion`).
        public var contested: [SyncKey] = []
        /// The devices whose commits changed something.
        public var devices = Set<SyncDevice.ID>()
    }

    /// Applies `commit`, and any that waited for it, unless it already was or waits (nil); a commit
    /// made after one not applied here yet waits for it.
    @discardableResult
    public mutating func apply(_ commit: SyncCommit) -> Applied? {
        guard indices[commit.id] == nil, !waitingIDs.contains(commit.id) else { return nil }
        var applied = Applied()
        guard isReady(commit.header) else {
            waiting.append(commit)
            waitingIDs.insert(commit.id)
            return applied
        }
        deliver(commit, into: &applied)
        applyWaiting(into: &applied)
        return applied
    }

    /// Whether every commit `header` was made after is applied (or known to hold nothing in effect).
    private func isReady(_ header: SyncCommit.Header) -> Bool {
        header.seen.allSatisfy { device, sequence in (known[device] ?? 0) >= sequence }
    }

    /// Applies the waiting commits that are ready, in rounds (one may make another ready), each
    /// round one pass over them.
    private mutating func applyWaiting(into applied: inout Applied) {
        while !waiting.isEmpty {
            var ready: [SyncCommit] = [], still: [SyncCommit] = []
            for commit in waiting {
                if isReady(commit.header) { ready.append(commit) } else { still.append(commit) }
            }
            guard !ready.isEmpty else { return }
            waiting = still
            for commit in ready {
                waitingIDs.remove(commit.id)
                deliver(commit, into: &applied)
            }
        }
    }

    private mutating func deliver(_ commit: SyncCommit, into applied: inout Applied) {
        let index = Int32(headers.count)
        headers.append(commit.header)
        indices[commit.id] = index
        known[commit.id.device] = max(known[commit.id.device] ?? 0, commit.id.sequence)
        clock = max(clock, commit.header.clock)
        var changed = false
        for operation in commit.operations where apply(operation, commit: index) {
            changed = true
            if entities[operation.key]?.deletions.isEmpty == false { applied.contested.append(operation.key) }
        }
        if changed {
            applied.changed = true
            applied.devices.insert(commit.id.device)
        }
    }

    /// Applies one operation of the commit at `index`; says whether anything changed.
    private mutating func apply(_ operation: SyncOperation, commit index: Int32) -> Bool {
        let headers = self.headers
        let header = headers[Int(index)]
        if operation.key.entity == .layer { layerIDs.insert(operation.key.id) }
        // Taken out while it changes, so that it is not copied.
        var state = entities.removeValue(forKey: operation.key) ?? EntityState()
        defer { entities[operation.key] = state }
        switch operation.change {
        case .delete:
            guard !state.deletions.contains(where: { headers[Int($0)].knows(header.id) }) else { return false }
            state.deletions.removeAll { header.knows(headers[Int($0)].id) }
            state.deletions.append(index)
            return true
        case .set(let fields):
            var changed = false
            for (field, value) in fields {
                guard let start = state.live.firstIndex(where: { $0.field == field }) else {
                    state.live.append(Live(field: field, commit: index, value: value))
                    changed = true
                    continue
                }
                var end = start + 1
                while end < state.live.count, state.live[end].field == field { end += 1 }
                var live = Array(state.live[start..<end])
                guard !live.contains(where: { headers[Int($0.commit)].knows(header.id) }) else { continue }
                live.removeAll { header.knows(headers[Int($0.commit)].id) }
                live.append(Live(field: field, commit: index, value: value))
                live.sort { headers[Int($0.commit)].isLater(than: headers[Int($1.commit)]) }
                state.live.replaceSubrange(start..<end, with: live)
                changed = true
            }
            return changed
        }
    }

    /// Whether the entity is there: it has fields, and some live value was not known to any of its
    /// deletions.
    func exists(_ state: EntityState) -> Bool {
        guard !state.live.isEmpty else { return false }
        guard !state.deletions.isEmpty else { return true }
        return state.live.contains { live in
            let id = headers[Int(live.commit)].id
            return !state.deletions.contains { headers[Int($0)].knows(id) }
        }
    }

    public func exists(_ key: SyncKey) -> Bool {
        entities[key].map(exists) ?? false
    }

    /// The winning value of `field` of the entity, if it is there.
    public func value(_ key: SyncKey, _ field: SyncField) -> SyncValue? {
        entities[key].flatMap { exists($0) ? $0.value(field) : nil }
    }

    func header(_ index: Int32) -> SyncCommit.Header { headers[Int(index)] }

    /// What the commit `id` said of itself, if it was applied or waits.
    public func header(of id: SyncCommit.ID) -> SyncCommit.Header? {
        indices[id].map { headers[Int($0)] } ?? (waitingIDs.contains(id) ? waiting.first { $0.id == id }?.header : nil)
    }
}
