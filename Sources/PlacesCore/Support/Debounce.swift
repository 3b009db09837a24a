/// Runs an action once requests have stopped for `pause`: each request puts the run off again, and
/// only the last request's action runs. For what follows typing (a position applied to the map once
/// the person stops, not at every key).
@MainActor
final class Debounce {
    private let pause: Duration
    private let clock: AppClock
    private var pending: Task<Void, Never>?

    init(pause: Duration, clock: AppClock = .continuous) {
        self.pause = pause
        self.clock = clock
    }

    var isPending: Bool { pending != nil }

    /// Runs `action` once `pause` passes without another request.
    func request(_ action: @escaping @MainActor () -> Void) {
        pending?.cancel()
        let clock = clock, due = clock.now + pause
        pending = Task { [weak self] in
            do { try await clock.sleep(for: due - clock.now) } catch { return }
            guard let self, !Task.isCancelled else { return }
            pending = nil
            action()
        }
    }

    /// Drops the run waiting, if any.
    func cancel() {
        pending?.cancel()
        pending = nil
    }
}
