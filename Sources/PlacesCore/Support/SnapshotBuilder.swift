import Synchronization

/// Builds the large snapshots of the map's and the list's indexes off the main actor, one at a time,
/// on a thread of lower priority: both grow with an import, and built side by side they would hold
/// two new snapshots in memory beside the two old ones they replace.
///
/// What a snapshot is built from and the snapshot it replaces are let go of on that thread too:
/// freeing a segment of a million places' index on the main actor took milliseconds of a frame.
enum SnapshotBuilder {
    private static let thread = LowPriorityThread(name: "Places index snapshots")

    /// A value handed to the snapshot thread, taken out there so that it is freed there, whoever
    /// holds the box last.
    final class Held<Value: Sendable>: Sendable {
        private let value: Mutex<Value?>

        init(_ value: consuming Value) {
            self.value = Mutex(consume value)
        }

        fileprivate func take() -> Value? {
            value.withLock { $0.take() }
        }
    }

    /// Builds a snapshot from what `input` holds once the snapshot being built before it is done,
    /// and hands it back; the input is freed on the snapshot thread.
    static func snapshot<Input: Sendable, Snapshot: Sendable>(
        from input: Held<Input>, _ build: @escaping @Sendable (Input) -> Snapshot
    ) async -> Snapshot {
        await thread.run { build(input.take()!) }
    }

    /// Frees `value` (a snapshot replaced) on the snapshot thread.
    static func discard<Value: Sendable>(_ value: consuming Value) {
        let held = Held(consume value)
        thread.post { _ = held.take() }
    }
}
