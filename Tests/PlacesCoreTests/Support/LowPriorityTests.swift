import CGlibc
import Foundation
@testable import PlacesCore
import Synchronization
import Testing

@Suite("Low priority threads")
struct LowPriorityTests {
    private static func nice() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(places_thread_id()))
    }

    private static func threadID() -> Int32 { places_thread_id() }

    @Test("work runs on a new thread at nice 10 or lower; the caller's thread keeps its priority")
    func ownThread() async {
        let callerThread = Self.threadID()
        let before = Self.nice()
        let (during, thread) = await LowPriorityThread.run(name: "test") { (Self.nice(), Self.threadID()) }
        #expect(during >= 10)
        #expect(thread != callerThread)
        #expect(Self.nice() == before, "the calling thread was left at another priority")
    }

    /// How many pieces of work run at once, and the most that ever did.
    private final class Overlap: Sendable {
        let running = Mutex((now: 0, most: 0))
    }

    @Test("a long-lived thread runs its work one piece after another, all at nice 10 or lower")
    func oneAfterAnother() async {
        let worker = LowPriorityThread(name: "test worker")
        let overlap = Overlap()
        let nices = await withTaskGroup(of: Int32.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await worker.run {
                        overlap.running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        usleep(20_000)
                        overlap.running.withLock { $0.now -= 1 }
                        return Self.nice()
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(nices.count == 4 && nices.allSatisfy { $0 >= 10 })
        #expect(overlap.running.withLock(\.most) == 1, "two pieces of work ran at once")
    }
}
