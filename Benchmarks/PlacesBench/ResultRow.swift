import Foundation

/// One line of the report: our median against a baseline measured in the same run.
struct ResultRow {
    /// What a row's samples are.
    enum Unit {
        case milliseconds
        /// Peak resident memory of a process.
        case megabytes
        /// Bytes written to disk.
        case bytes
    }

    /// What the row must show to pass.
    enum Target {
        /// Our median below this many milliseconds.
        case below(Double)
        /// Our 99th percentile below this many milliseconds, and no slower than the baseline's.
        case p99Below(Double)
        /// Our 99th percentile below this many milliseconds; the baseline is a reference (what a
        /// part of the work costs alone).
        case p99Only(Double)
        /// Baseline ÷ ours at least this.
        case ratio(Double)
        /// Our median (in the row's unit) at most this.
        case atMost(Double)
    }

    let measurement: String
    let ours: Samples
    let baselineName: String
    let baseline: Samples
    let target: Target?
    /// Whether to show the 90th percentile next to our median.
    var showsP90 = false
    var unit = Unit.milliseconds

    init(measurement: String, ours: Samples, baselineName: String, baseline: Samples, target: Target?, unit: Unit = .milliseconds) {
        self.measurement = measurement
        self.ours = ours
        self.baselineName = baselineName
        self.baseline = baseline
        self.target = target
        self.unit = unit
    }

    init(measurement: String, ours: Samples, baselineName: String, baseline: Samples, targetMilliseconds: Double?, showsP90: Bool = false) {
        self.init(measurement: measurement, ours: ours, baselineName: baselineName, baseline: baseline,
                  target: targetMilliseconds.map(Target.below))
        self.showsP90 = showsP90
    }

    /// Baseline ÷ ours: above 1, ours is that many times faster (or smaller).
    var ratio: Double { baseline.median / ours.median }

    var cells: [String] {
        let showsP99 = switch target {
        case .p99Below?, .p99Only?: true
        default: false
        }
        let oursText = if showsP99 {
            "\(format(ours.median)) (p99 \(format(ours.p99)))"
        } else if showsP90 {
            "\(format(ours.median)) (p90 \(format(ours.p90)))"
        } else {
            format(ours.median)
        }
        let ratioText = String(format: ratio >= 10 ? "%.0f×" : ratio >= 0.1 ? "%.2f×" : "%.3f×", ratio)
        let (targetText, met): (String, Bool?) = switch target {
        case .below(let milliseconds)?: ("< \(Self.format(milliseconds, decimals: 0))", ours.median < milliseconds)
        case .p99Below(let milliseconds)?:
            ("p99 < \(Self.format(milliseconds, decimals: 0)), ≥ 1×", ours.p99 < milliseconds && ratio >= 1)
        case .p99Only(let milliseconds)?: ("p99 < \(Self.format(milliseconds, decimals: 0))", ours.p99 < milliseconds)
        case .ratio(let minimum)?: ("≥ \(String(format: "%g", minimum))×", ratio >= minimum)
        case .atMost(let limit)?: ("≤ \(format(limit))", ours.median <= limit)
        case nil: ("—", nil)
        }
        return [measurement, oursText, "\(format(baseline.median)) (\(baselineName))", ratioText, targetText,
                met.map { $0 ? "yes" : "NO" } ?? "—"]
    }

    private func format(_ value: Double) -> String {
        switch unit {
        case .milliseconds: Self.format(value)
        case .megabytes: String(format: "%.0f MB", value)
        case .bytes: value >= 1e6 ? String(format: "%.1f MB", value / 1e6) : value >= 1e4 ? String(format: "%.0f kB", value / 1e3) : "\(Int(value)) bytes"
        }
    }

    /// "0.42 ms", "12.3 ms", "1.24 s".
    static func format(_ milliseconds: Double, decimals: Int? = nil) -> String {
        if milliseconds >= 1000 { return String(format: "%.\(decimals ?? 2)f s", milliseconds / 1000) }
        return String(format: "%.\(decimals ?? (milliseconds < 10 ? 2 : 1))f ms", milliseconds)
    }
}
