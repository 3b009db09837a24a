/// The clock timed work runs on (a throttle's interval, a failed tile's next try): the system's
/// continuous clock in the app; tests hand in a clock they move themselves, so that what they check
/// does not depend on how busy the machine is.
public struct AppClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { try await clock.sleep(for: $0) }
    }

    public static let continuous = AppClock(ContinuousClock())

    /// The time since the clock was made.
    public var now: Duration { elapsed() }

    /// Sleeps until `duration` has passed on this clock (at once when it is not positive); throws
    /// when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return try Task.checkCancellation() }
        try await sleeper(duration)
    }
}
