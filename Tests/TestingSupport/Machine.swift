import Foundation

/// The machine benchmark figures come from: "AMD EPYC, 2 cores, Linux 6.1".
public struct Machine: CustomStringConvertible, Sendable {
    /// The CPU model from /proc/cpuinfo.
    public let cpuModel: String
    /// Cores available to this process.
    public let cores: Int
    /// The kernel release.
    public let kernel: String

    /// This machine.
    public static func current() -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
            ?? "unknown"
        let kernel = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        return Machine(cpuModel: model, cores: ProcessInfo.processInfo.activeProcessorCount, kernel: kernel)
    }

    /// "AMD EPYC, 2 cores, Linux 6.1.0".
    public var description: String { "\(cpuModel), \(cores) cores, Linux \(kernel)" }
}
