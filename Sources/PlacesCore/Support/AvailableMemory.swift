import Foundation

/// The memory the system can still give without swapping (Linux's `MemAvailable`), in bytes; nil
/// where it cannot be read. An import checks it before keeping a file's places.
enum AvailableMemory {
    static func bytes() -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
              let kilobytes = Int64(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }
}
