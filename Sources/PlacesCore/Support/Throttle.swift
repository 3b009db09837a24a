/// Runs an action at most once per `interval`: a request soon after a run waits for the interval to
/// end, and the requests meanwhile become that one run. For work a burst of changes asks for over
/// and over (a file being read adds places every frame), whose last request must still be answered.
@MainActor
final class Throttle {
    private let interval: Duration
    private let clock: AppClock
    /// Awaited before a run that waited, once its interval is over: the view-models wait for the
    /// window's next frame, so that a run costing milliseconds does not hold up a frame due.
    private let moment: @MainActor () async -> Void
    private var lastRun: Duration?
    private var pending: Task<Void, Never>?

    init(interval: Duration, clock: AppClock = .continuous, moment: @escaping @MainActor () async -> Void = {}) {
        self.interval = interval
        self.clock = clock
        self.moment = moment
    }

    /// Runs `action` now, or once when the interval since the last run ends. A run already on its
    /// way answers the request, even once the interval is over and it still waits for its moment:
    /// running now instead would do the work at whatever moment the request came (a file's portion
    /// right before a frame is due).
    func request(_ action: @escaping @MainActor () -> Void) {
        guard pending == nil else { return }
        guard let lastRun, clock.now - lastRun < interval else {
            ran()
            return action()
        }
        let clock = clock, due = lastRun + interval
        pending = Task { [weak self] in
            do { try await clock.sleep(for: due - clock.now) } catch { return }
            await self?.moment()
            guard let self, !Task.isCancelled, pending != nil else { return }
            ran()
            action()
        }
    }

    /// The work was done by other means: a run waiting is dropped, and the interval starts now.
    func ran() {
        pending?.cancel()
        pending = nil
        lastRun = clock.now
    }
}
