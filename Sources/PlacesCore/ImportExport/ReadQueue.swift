import Dispatch
import Synchronization

/// The places of one file being read, from the reading thread to the main actor: the reader puts
/// them in as it makes them and says how far it has got; the main actor takes what has come (and
/// adds it in portions it can manage within a frame), waiting when nothing has. The reader waits
/// while `capacity` places are not taken yet: it would otherwise read a large file far ahead, and
/// its places would wait here, in memory, beside the file.
final class ReadQueue: Sendable {
    /// Places put in but not taken, beyond which the reader waits.
    static let capacity = 20_000

    private struct State {
        var places: [Place] = []
        /// Offset in the file read up to, and as last taken.
        var reached = 0
        var told = 0
        var isFinished = false
        var isCancelled = false
        var waiting: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())
    /// Signalled when places are taken or the queue is cancelled: the reader may go on.
    private let room = DispatchSemaphore(value: 0)

    // MARK: The reader's side

    /// Adds `places`, in file order, and wakes the main actor if it waits; then waits while more
    /// than `capacity` places are not taken (the reader's thread: the main actor never waits for it).
    /// Places handed to an empty queue are moved in, not copied: a copy retains every place's texts,
    /// and the reader's batch then releases them all again.
    func put(_ places: consuming [Place], reached: Int) {
        let waiting = state.withLock { [places] state in
            if state.places.isEmpty { state.places = places } else { state.places += places }
            state.reached = reached
            return state.waiting.take()
        }
        waiting?.resume()
        while state.withLock({ $0.places.count > Self.capacity && !$0.isCancelled }) { room.wait() }
    }

    /// Nothing more will come (the file was read, or could not be).
    func finish() {
        state.withLock { state in
            state.isFinished = true
            return state.waiting.take()
        }?.resume()
    }

    var isCancelled: Bool { state.withLock(\.isCancelled) }

    // MARK: The main actor's side

    /// Stops taking: `take` answers nil from now on, at once.
    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            return state.waiting.take()
        }?.resume()
        room.signal()
    }

    /// What `take` finds: places (with the offset read up to), the end, or nothing yet.
    enum Taken {
        case places([Place], reached: Int)
        case end
        case wait
    }

    /// Every place put in since the last take, and the offset read up to, if any came; `.end` once
    /// everything was taken and nothing more will come, or when cancelled. Never waits, and called on
    /// the main actor stays there (an `async` call leaves it and comes back at the next turn of the
    /// main loop: one turn a file, for ten thousand small ones).
    func takeReady() -> Taken {
        let answer = state.withLock { state -> Taken in
            if state.isCancelled { return .end }
            if !state.places.isEmpty || state.reached != state.told {
                defer {
                    state.places = []
                    state.told = state.reached
                }
                return .places(state.places, reached: state.reached)
            }
            return state.isFinished ? .end : .wait
        }
        if case .places = answer { room.signal() }
        return answer
    }

    /// As `takeReady`, waiting while nothing has come (never answers `.wait`).
    func take() async -> Taken {
        while true {
            let answer = takeReady()
            guard case .wait = answer else { return answer }
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    guard state.places.isEmpty, state.reached == state.told, !state.isFinished, !state.isCancelled else { return true }
                    state.waiting = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }
}
