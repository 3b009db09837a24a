/// The one way Places writes what it keeps: every keeper (`ProfileKeeper`, `LibraryKeeper`,
/// `MapLayersKeeper`, `SettingsKeeper`) hands its store's writes to one of these. A write runs off the
/// main thread, after every other save (`SaveQueue`); writes asked for while one is under way become
/// one write once it ends, made from the keeper's state at that moment (`snapshot`), so a burst of
/// changes costs two writes, not one each. A failure is reported once, until a write works again.
@MainActor
final class StoreWriter<Snapshot: Sendable, Written: Sendable> {
    /// How one write went, as its keeper hears it.
    enum Outcome {
        case written(Written)
        /// The first failure since the last write that worked: `message` is for the person.
        case failed(message: String, reason: String)
        /// A failure after one already reported; `reason` says why.
        case failedAgain(reason: String)
    }

    private let saves: SaveQueue
    private let snapshot: @MainActor () -> Snapshot?
    private let write: @Sendable (Snapshot) throws -> Written
    private let failureMessage: @MainActor (String) -> String
    private let finished: @MainActor (Outcome) -> Void
    private var isWriting = false
    /// Whether another write follows the one ending (its keeper's state changed meanwhile).
    private(set) var isAskedAgain = false
    private var hasReportedFailure = false

    /// `snapshot` gives what to write now (nil: nothing, e.g. before the store was read); `write`
    /// writes it off the main thread; `failureMessage` words a failure's reason for the person;
    /// `finished` hears every outcome on the main actor.
    init(
        saves: SaveQueue, snapshot: @escaping @MainActor () -> Snapshot?, write: @escaping @Sendable (Snapshot) throws -> Written,
        failureMessage: @escaping @MainActor (String) -> String, finished: @escaping @MainActor (Outcome) -> Void
    ) {
        self.saves = saves
        self.snapshot = snapshot
        self.write = write
        self.failureMessage = failureMessage
        self.finished = finished
    }

    /// Writes the keeper's state now, or once the write under way has ended.
    func request() {
        guard !isWriting else {
            isAskedAgain = true
            return
        }
        isAskedAgain = false
        guard let snapshot = snapshot() else { return }
        isWriting = true
        let write = self.write
        saves.run({ Result { try write(snapshot) } }) { [weak self] result in self?.end(result) }
    }

    private func end(_ result: Result<Written, any Error>) {
        isWriting = false
        switch result {
        case .success(let written):
            hasReportedFailure = false
            finished(.written(written))
        case .failure(let error):
            let reason = "\(error)"
            finished(hasReportedFailure ? .failedAgain(reason: reason) : .failed(message: failureMessage(reason), reason: reason))
            hasReportedFailure = true
        }
        // Changes made meanwhile go into the next write (after a failure too: the next change tries
        // again, as retrying at once would fail the same way).
        if isAskedAgain { request() }
    }
}
