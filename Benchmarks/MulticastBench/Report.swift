import Foundation
import TestingSupport

/// Prints the results as Markdown, with the performance targets checked.
struct Report {
    let machine: Machine
    let delivery: [DeliveryBenchmark.Row]
    let names: [String: String]
    let churn: ChurnBenchmark.Result
    let churnLive: Int
    let memory: MemoryBenchmark.Result

    private func format(_ value: Double, _ decimals: Int = 2) -> String {
        String(format: "%.\(decimals)f", value)
    }

    private func mark(_ holds: Bool) -> String { holds ? "yes" : "NO" }

    func print() {
        let keys = ["a", "b", "c", "d", "e", "f", "w"]
        Swift.print("Machine: \(machine)")
        Swift.print("")
        Swift.print("ns per delivery (one event to one subscriber), median of interleaved rounds:")
        Swift.print("")
        let header = keys.map { "(\($0)) \(names[$0] ?? "")" }
        Swift.print("| N | " + header.joined(separator: " | ") + " | (e)/(b) | (c)/(e) | (e)/(w) |")
        Swift.print("|---:|" + String(repeating: "---:|", count: keys.count + 3))
        for row in delivery {
            let cells = keys.map { format(row.nanoseconds[$0] ?? .nan) }
            let eOverB = row.nanoseconds["e"]! / row.nanoseconds["b"]!
            let cOverE = row.nanoseconds["c"]! / row.nanoseconds["e"]!
            let eOverW = row.nanoseconds["e"]! / row.nanoseconds["w"]!
            Swift.print("| \(row.subscribers) | " + cells.joined(separator: " | ") + " | \(format(eOverB)) | \(format(cOverE)) | \(format(eOverW)) |")
        }
        Swift.print("")
        Swift.print("(w) is a reference, not a candidate: a bare loop that loads each weak reference in place and calls it,")
        Swift.print("the least any weak storage does per delivery (swift_weakLoadStrong + swift_release).")
        Swift.print("")
        Swift.print("Churn among \(churnLive) subscribers, ns per pair (median):")
        Swift.print("")
        Swift.print("| operation | MulticastDelegate | seed |")
        Swift.print("|---|---:|---:|")
        Swift.print("| add a new one + remove it | \(format(churn.oursAddRemove, 0)) | \(format(churn.seedAddRemove, 0)) |")
        Swift.print("| remove the oldest + add it back | \(format(churn.oursRemoveReAdd, 0)) | \(format(churn.seedRemoveReAdd, 0)) |")
        Swift.print("")
        Swift.print("Memory, \(memory.subscribers) subscribers (glibc mallinfo2: uordblks + hblkhd):")
        Swift.print("- MulticastDelegate storage: \(format(memory.multicastBytesPerSubscriber, 1)) bytes per subscriber (objects already weakly referenced; adding them took \(format(memory.multicastAddSeconds, 2)) s)")
        if let growth = memory.multicastBytesAfterGrowth {
            Swift.print("- MulticastDelegate storage right after its next growth, at \(growth.subscribers) subscribers: \(format(growth.bytesPerSubscriber, 1)) bytes per subscriber")
        } else {
            Swift.print("- MulticastDelegate storage did not grow within the extra subscribers searched")
        }
        Swift.print("- seed storage (Weak box + array slot): \(format(memory.seedBytesPerSubscriber, 1)) bytes per subscriber")
        Swift.print("- Swift runtime weak-reference side table, paid once per object on its first weak reference, by any weak storage (not part of the storage figures above): \(format(memory.sideTableBytesPerObject, 1)) bytes per object")
        Swift.print("")
        Swift.print("Targets:")
        let large = delivery.filter { $0.subscribers >= 10 }
        let worstEOverB = large.map { $0.nanoseconds["e"]! / $0.nanoseconds["b"]! }.max() ?? .nan
        let worstCOverE = delivery.map { $0.nanoseconds["c"]! / $0.nanoseconds["e"]! }.min() ?? .nan
        Swift.print("- (e) within 1.3x of (b) for N >= 10: \(mark(worstEOverB <= 1.3)) (worst \(format(worstEOverB))x)")
        Swift.print("- (e) at least 3x faster than (c) for every N: \(mark(worstCOverE >= 3)) (worst \(format(worstCOverE))x)")
        Swift.print("- add+remove among \(churnLive) under 2 us: \(mark(churn.oursAddRemove < 2_000)) (\(format(churn.oursAddRemove, 0)) ns)")
        Swift.print("- at most 32 bytes per subscriber: \(mark(memory.multicastBytesPerSubscriber <= 32)) (\(format(memory.multicastBytesPerSubscriber, 1)) bytes)")
    }
}
