/// Builds the large snapshots of the map's and the list's indexes off the main actor, one at a time:
/// both grow with an import, and built side by side they would hold two new snapshots in memory
/// beside the two old ones they replace.
actor SnapshotBuilder {
    static let shared = SnapshotBuilder()

    /// Runs `work` once the snapshot being built before it is done.
    func build<Snapshot: Sendable>(_ work: @Sendable () -> Snapshot) -> Snapshot { LowPriority.run(work) }

    /// Builds with `work` at a priority below the window's, and hands the snapshot back.
    nonisolated static func snapshot<Snapshot: Sendable>(_ work: @escaping @Sendable () -> Snapshot) async -> Snapshot {
        await Task.detached(priority: .userInitiated) { await shared.build(work) }.value
    }
}
