#if canImport(Glibc)
import Glibc
#endif

/// Nanoseconds from CLOCK_MONOTONIC.
enum MonotonicClock {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Nanoseconds taken by `body`.
    static func measure(_ body: () -> Void) -> UInt64 {
        let start = now()
        body()
        return now() - start
    }
}
