@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// When an index's snapshots are built, on a clock the test moves: at once when one is due, and a
/// second after the last change for whatever is left.
@MainActor
@Suite("Snapshot schedule")
struct SnapshotScheduleTests {
    /// An index that wants a snapshot only once quiet, until it has one.
    private final class Index {
        var asked: [Bool] = []
        var installed: [Int] = []
        var left = 1
    }

    private func schedule(_ index: Index, clock: ManualClock) -> SnapshotSchedule<Int, Int> {
        SnapshotSchedule(pacer: Unpaced(), clock: AppClock(clock), plan: { isQuiet in
            index.asked.append(isQuiet)
            return isQuiet && index.left > 0 ? index.left : nil
        }, build: { $0 * 10 }, install: { built in
            index.installed.append(built)
            index.left = 0
        })
    }

    @Test("a change asks for a snapshot at once; a second after the last change it asks again as quiet, builds what is left, and then stops")
    func tidiesOnceQuiet() async throws {
        let index = Index(), clock = ManualClock()
        let schedule = schedule(index, clock: clock)
        schedule.indexChanged(waitsForQuiet: true)
        await waitUntil(seconds: 60) { clock.sleeping == 1 }
        schedule.indexChanged(waitsForQuiet: true)
        await waitUntil(seconds: 60) { clock.sleeping == 1 }
        try #require(clock.sleeping == 1, "one wait for quiet: the first was called off by the second change")
        #expect(index.asked == [false, false])
        #expect(index.installed.isEmpty)

        clock.advance(by: .seconds(1))
        await waitUntil(seconds: 60) { index.asked.count == 4 }
        #expect(index.installed == [10], "what was left is built off the main thread and put in place")
        #expect(index.asked == [false, false, true, true], "asked again once it was in place, and nothing was left")
        withExtendedLifetime(schedule) {}
    }

    @Test("an index built in place waits for no quiet")
    func noWaitInPlace() async {
        let index = Index(), clock = ManualClock()
        let schedule = schedule(index, clock: clock)
        schedule.indexChanged(waitsForQuiet: false)
        #expect(index.asked == [false])
        #expect(clock.sleeping == 0)
        withExtendedLifetime(schedule) {}
    }
}
