extension SyncReplica {
    /// `device`'s commits as far as they are still in effect: each with only the fields whose live
    /// value it set and the deletions of it in effect, in order; commits left with nothing are dropped.
    /// What that device's log holds once rewritten (`SyncLog`).
    public func liveCommits(of device: SyncDevice.ID) -> [SyncCommit] {
        var operations: [Int32: [SyncOperation]] = [:]
        for (key, state) in entities {
            var fieldsByCommit: [Int32: [SyncField: SyncValue]] = [:]
            for field in state.fields {
                for live in field.live where header(live.commit).id.device == device {
                    fieldsByCommit[live.commit, default: [:]][field.field] = live.value
                }
            }
            for (commit, fields) in fieldsByCommit { operations[commit, default: []].append(SyncOperation(key.entity, key.id, .set(fields))) }
            for deletion in state.deletions where header(deletion).id.device == device {
                operations[deletion, default: []].append(SyncOperation(key.entity, key.id, .delete))
            }
        }
        return operations.keys.sorted { header($0).id.sequence < header($1).id.sequence }.map { index in
            let header = header(index)
            let ordered = operations[index]!.sorted { ($0.key.entity.rawValue, $0.key.id) < ($1.key.entity.rawValue, $1.key.id) }
            return SyncCommit(device: device, sequence: header.id.sequence, clock: header.clock, seen: header.seen, operations: ordered)
        }
    }
}
