extension SyncReplica {
    /// A value of a field made on another device without knowing of the one shown: both are kept,
    /// and the person may take this one.
    public struct Alternative: Sendable, Equatable {
        public var field: SyncField
        public var value: SyncValue
        public var device: SyncDevice.ID
    }

    /// The entities that are there with a field holding more than one live value.
    public var keysWithAlternatives: [SyncKey] {
        // A field's live values are next to each other: two in a row of one field are an alternative.
        entities.compactMap { key, state in zip(state.live, state.live.dropFirst()).contains { $0.field == $1.field } && exists(state) ? key : nil }
    }

    /// The values of the entity's fields that lost to a concurrent edit, newest first.
    public func alternatives(_ key: SyncKey) -> [Alternative] {
        guard let state = entities[key], exists(state) else { return [] }
        // A value equal to the one shown is no alternative (two computers made the same change).
        return state.fields.sorted { $0.field < $1.field }.flatMap { field in
            field.live.dropFirst().filter { $0.value != field.live.first?.value }
                .map { Alternative(field: field.field, value: $0.value, device: header($0.commit).id.device) }
        }
    }

    /// The entities among `keys` that were deleted on one device and kept because another changed them
    /// without knowing of the deletion, with the devices that deleted and changed them.
    public func keptDespiteDeletion(_ keys: some Sequence<SyncKey>) -> [(key: SyncKey, deletedOn: SyncDevice.ID, changedOn: SyncDevice.ID)] {
        keys.compactMap { key in
            guard let state = entities[key], exists(state) else { return nil }
            for deletion in state.deletions.map(header) {
                // Kept by an edit the deletion did not know of, and not made after it (an undo).
                if let edit = state.live.map({ header($0.commit) }).first(where: { !deletion.knows($0.id) && !$0.knows(deletion.id) }) {
                    return (key, deletion.id.device, edit.id.device)
                }
            }
            return nil
        }
    }
}
