import Foundation

/// CLOCK_MONOTONIC in milliseconds: the clock the app stamps its trace lines with.
enum Monotonic {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
