/// Builds the large snapshots of the map's and the list's indexes off the main actor, one at a time,
/// on a thread of lower priority: both grow with an import, and built side by side they would hold
/// two new snapshots in memory beside the two old ones they replace.
enum SnapshotBuilder {
    private static let thread = LowPriorityThread(name: "Places index snapshots")

    /// Runs `work` once the snapshot being built before it is done, and hands the snapshot back.
    static func snapshot<Snapshot: Sendable>(_ work: @escaping @Sendable () -> Snapshot) async -> Snapshot {
        await thread.run(work)
    }
}
