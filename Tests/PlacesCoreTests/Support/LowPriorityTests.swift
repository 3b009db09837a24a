import CGlibc
import Foundation
@testable import PlacesCore
import Testing

@Suite("Low priority")
struct LowPriorityTests {
    private static func nice() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(places_thread_id()))
    }

    @Test("work runs at nice 10 or lower, and the thread gets its priority back after")
    func lowersAndRestores() {
        let before = Self.nice()
        let during = LowPriority.run { Self.nice() }
        #expect(during == max(before, 10))
        #expect(Self.nice() == before)
    }
}
