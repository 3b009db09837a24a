@testable import PlacesCore
import Synchronization
import Testing

/// The one way every keeper writes: off the main thread, one write at a time, changes made meanwhile
/// coalesced into one more write, a failure told once until a write works again.
@MainActor
@Suite("Store writer")
struct StoreWriterTests {
    /// A store that writes what it is given, failing while `failure` is set, and can be held mid-write.
    private final class Store: Sendable {
        private let state = Mutex((written: [Int](), failure: String?.none))
        var written: [Int] { state.withLock { $0.written } }
        func fail(_ reason: String?) { state.withLock { $0.failure = reason } }

        func write(_ value: Int) throws -> Int {
            try state.withLock { state in
                if let failure = state.failure { throw TestFailure(description: failure) }
                state.written.append(value)
                return value
            }
        }
    }

    @MainActor
    private final class Keeper {
        var value = 0
        var outcomes: [String] = []
        let store = Store()
        let saves = SaveQueue()
        lazy var writer = StoreWriter<Int, Int>(
            saves: saves, snapshot: { [unowned self] in value }, write: { [store] in try store.write($0) },
            failureMessage: { "could not write: \($0)" },
            finished: { [unowned self] outcome in
                switch outcome {
                case .written(let value): outcomes.append("wrote \(value)")
                case .failed(let message, _): outcomes.append(message)
                case .failedAgain(let reason): outcomes.append("again: \(reason)")
                }
            }
        )
    }

    @Test("changes made while a write is under way become one more write, of the latest state")
    func coalesces() async {
        let keeper = Keeper()
        keeper.value = 1
        keeper.writer.request()
        for value in 2...5 {
            keeper.value = value
            keeper.writer.request()
        }
        await keeper.saves.finished()
        #expect(keeper.store.written == [1, 5])
        #expect(keeper.outcomes == ["wrote 1", "wrote 5"])
    }

    @Test("a failure is told once, with the keeper's words; a write that works again re-arms it")
    func failureToldOnce() async {
        let keeper = Keeper()
        keeper.store.fail("the disk is full")
        keeper.writer.request()
        await keeper.saves.finished()
        keeper.writer.request()
        await keeper.saves.finished()
        keeper.store.fail(nil)
        keeper.writer.request()
        await keeper.saves.finished()
        keeper.store.fail("the disk is full")
        keeper.writer.request()
        await keeper.saves.finished()
        #expect(keeper.outcomes == ["could not write: the disk is full", "again: the disk is full", "wrote 0", "could not write: the disk is full"])
    }

    @Test("nothing is written while the keeper has nothing to write (its store not read yet)")
    func nothingToWrite() async {
        let saves = SaveQueue()
        let store = Store()
        let writer = StoreWriter<Int, Int>(saves: saves, snapshot: { nil }, write: { try store.write($0) }, failureMessage: { $0 }, finished: { _ in })
        writer.request()
        await saves.finished()
        #expect(store.written.isEmpty)
    }
}
