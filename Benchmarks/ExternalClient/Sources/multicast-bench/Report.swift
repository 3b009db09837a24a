import Foundation
import TestingSupport

/// Prints the results as Markdown, with the performance targets checked.
struct Report {
    let machine: Machine
    let languageMode: String
    let delivery: [DeliveryBenchmark.Row]
    let names: [String: String]
    let churn: ChurnBenchmark.Result
    let churnLive: Int
    let memory: MemoryBenchmark.Result

    private func format(_ value: Double, _ decimals: Int = 2) -> String {
        String(format: "%.\(decimals)f", value)
    }

    private func mark(_ holds: Bool) -> String { holds ? "yes" : "NO" }

    private func ratio(_ row: DeliveryBenchmark.Row, _ numerator: String, _ denominator: String) -> Double {
        row.ratio(numerator, denominator)
    }

    func print() {
        let keys = ["a", "b", "c", "d", "e", "i", "g", "f", "h", "w"]
        Swift.print("Machine: \(machine); client package in \(languageMode) language mode")
        Swift.print("")
        Swift.print("ns per delivery (one event to one subscriber), median of \(delivery.first?.samples.first?.value.count ?? 0) interleaved rounds; ratios are medians of same-round ratios:")
        Swift.print("")
        let nanoseconds = delivery.map(\.nanoseconds)
        let header = keys.map { "(\($0)) \(names[$0] ?? "")" }
        Swift.print("| N | " + header.joined(separator: " | ") + " | (e)/(w) | (i)/(w) | (c)/(e) | (c)/(i) | (f)/(w) |")
        Swift.print("|---:|" + String(repeating: "---:|", count: keys.count + 5))
        for (row, medians) in zip(delivery, nanoseconds) {
            let cells = keys.map { format(medians[$0] ?? .nan) }
            Swift.print("| \(row.subscribers) | " + cells.joined(separator: " | ")
                + " | \(format(ratio(row, "e", "w"))) | \(format(ratio(row, "i", "w"))) | \(format(ratio(row, "c", "e")))"
                + " | \(format(ratio(row, "c", "i"))) | \(format(ratio(row, "f", "w"))) |")
        }
        Swift.print("")
        Swift.print("(w) is a reference, not a candidate: a bare loop that loads each weak reference in place and calls it,")
        Swift.print("the least any weak storage does per delivery (swift_weakLoadStrong + swift_release).")
        Swift.print("")
        Swift.print("Churn among \(churnLive) subscribers, ns per pair (median):")
        Swift.print("")
        Swift.print("| operation | MulticastDelegate | textbook |")
        Swift.print("|---|---:|---:|")
        Swift.print("| add a new one + remove it | \(format(churn.oursAddRemove, 0)) | \(format(churn.textbookAddRemove, 0)) |")
        Swift.print("| remove the oldest + add it back | \(format(churn.oursRemoveReAdd, 0)) | \(format(churn.textbookRemoveReAdd, 0)) |")
        Swift.print("")
        Swift.print("Memory, \(memory.subscribers) subscribers (glibc mallinfo2: uordblks + hblkhd):")
        Swift.print("- MulticastDelegate storage: \(format(memory.multicastBytesPerSubscriber, 1)) bytes per subscriber (objects already weakly referenced; adding them took \(format(memory.multicastAddSeconds, 3)) s)")
        if let growth = memory.multicastBytesAfterGrowth {
            Swift.print("- MulticastDelegate storage right after its next growth, at \(growth.subscribers) subscribers: \(format(growth.bytesPerSubscriber, 1)) bytes per subscriber")
        } else {
            Swift.print("- MulticastDelegate storage did not grow within the extra subscribers searched")
        }
        Swift.print("- textbook storage (Weak box + array slot): \(format(memory.textbookBytesPerSubscriber, 1)) bytes per subscriber")
        Swift.print("- Swift runtime weak-reference side table, paid once per object on its first weak reference, by any weak storage (not part of the storage figures above): \(format(memory.sideTableBytesPerObject, 1)) bytes per object")
        Swift.print("")
        Swift.print("Targets:")
        let worstEOverW = delivery.map { ratio($0, "e", "w") }.max() ?? .nan
        let worstCOverE = delivery.map { ratio($0, "c", "e") }.min() ?? .nan
        let worstFOverW = delivery.map { ratio($0, "f", "w") }.max() ?? .nan
        let worstIOverW = delivery.map { ratio($0, "i", "w") }.max() ?? .nan
        let worstCOverI = delivery.map { ratio($0, "c", "i") }.min() ?? .nan
        let worstBytes = max(memory.multicastBytesPerSubscriber, memory.multicastBytesAfterGrowth?.bytesPerSubscriber ?? 0)
        Swift.print("- (e) within 1.1x of (w) for every N: \(mark(worstEOverW <= 1.1)) (worst \(format(worstEOverW))x)")
        Swift.print("- (e) at least 2.6x faster than (c) for every N: \(mark(worstCOverE >= 2.6)) (worst \(format(worstCOverE))x)")
        Swift.print("- (f) within 1.3x of (w) for every N: \(mark(worstFOverW <= 1.3)) (worst \(format(worstFOverW))x)")
        Swift.print("- (i), the client's shape, within 1.1x of (w) for every N: \(mark(worstIOverW <= 1.1)) (worst \(format(worstIOverW))x)")
        Swift.print("- (i) at least 2.6x faster than (c) for every N: \(mark(worstCOverI >= 2.6)) (worst \(format(worstCOverI))x)")
        let worstChurn = Swift.max(churn.oursAddRemove, churn.oursRemoveReAdd)
        Swift.print("- add+remove among \(churnLive) under 2 us, both orders: \(mark(worstChurn < 2_000)) (worst \(format(worstChurn, 0)) ns)")
        Swift.print("- at most 32 bytes per subscriber: \(mark(worstBytes <= 32)) (\(format(worstBytes, 1)) bytes)")
    }
}
