/// Why the benchmark stopped: a candidate disagreed with its baseline, or data was missing or unreadable.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
