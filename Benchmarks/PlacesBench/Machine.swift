import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The machine the numbers come from.
struct Machine: CustomStringConvertible {
    let cpuModel: String
    let cores: Int
    let kernel: String

    static func current() -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
            ?? "unknown"
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return Machine(cpuModel: model, cores: ProcessInfo.processInfo.activeProcessorCount, kernel: release)
    }

    var description: String { "\(cpuModel), \(cores) cores, Linux \(kernel)" }
}
