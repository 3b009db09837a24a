/// Timings in milliseconds, with the statistics the report uses.
struct Samples {
    /// The timings, ascending.
    let sorted: [Double]

    init(_ milliseconds: [Double]) {
        precondition(!milliseconds.isEmpty, "no samples")
        sorted = milliseconds.sorted()
    }

    var count: Int { sorted.count }

    /// The median (mean of the two middle values for an even count).
    var median: Double {
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The 90th percentile (nearest rank).
    var p90: Double { percentile(0.9) }

    /// The 99th percentile (nearest rank).
    var p99: Double { percentile(0.99) }

    private func percentile(_ fraction: Double) -> Double {
        sorted[max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
    }
}
