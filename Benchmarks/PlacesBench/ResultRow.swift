import Foundation

/// One line of the report: our median against a baseline measured in the same run.
struct ResultRow {
    let measurement: String
    let ours: Samples
    let baselineName: String
    let baseline: Samples
    /// The target in milliseconds, nil for a reference row without its own target.
    let targetMilliseconds: Double?
    /// Whether to show the 90th percentile next to our median.
    var showsP90 = false

    /// Baseline ÷ ours: above 1, ours is that many times faster.
    var ratio: Double { baseline.median / ours.median }

    var cells: [String] {
        let oursText = showsP90
            ? "\(Self.format(ours.median)) (p90 \(Self.format(ours.p90)))" : Self.format(ours.median)
        let ratioText = String(format: ratio >= 10 ? "%.0f×" : ratio >= 0.1 ? "%.2f×" : "%.3f×", ratio)
        let target = targetMilliseconds.map { "< \(Self.format($0, decimals: 0))" } ?? "—"
        let met = targetMilliseconds.map { ours.median < $0 ? "yes" : "NO" } ?? "—"
        return [measurement, oursText, "\(Self.format(baseline.median)) (\(baselineName))", ratioText, target, met]
    }

    /// "0.42 ms", "12.3 ms", "1.24 s".
    static func format(_ milliseconds: Double, decimals: Int? = nil) -> String {
        if milliseconds >= 1000 { return String(format: "%.\(decimals ?? 2)f s", milliseconds / 1000) }
        return String(format: "%.\(decimals ?? (milliseconds < 10 ? 2 : 1))f ms", milliseconds)
    }
}
