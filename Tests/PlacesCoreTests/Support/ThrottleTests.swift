@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// A throttle on a clock the test moves: what it checks holds however busy the machine is.
@MainActor
@Suite("Throttle")
struct ThrottleTests {
    @Test("the first request runs at once; a burst after it runs once, when the interval ends, not before")
    func burst() async throws {
        let clock = ManualClock()
        let throttle = Throttle(interval: .milliseconds(50), clock: AppClock(clock))
        var runs = 0
        throttle.request { runs += 1 }
        #expect(runs == 1)
        for _ in 0..<10 { throttle.request { runs += 1 } }
        await waitUntil { clock.sleeping == 1 }
        clock.advance(by: .milliseconds(49))
        #expect(clock.sleeping == 1, "still waiting one millisecond before the interval ends")
        #expect(runs == 1)

        clock.advance(by: .milliseconds(1))
        await waitUntil { runs == 2 }
        #expect(runs == 2)
        clock.advance(by: .seconds(1))
        throttle.request { runs += 1 }
        #expect(runs == 3, "the burst was answered once; a request long after it runs at once")
    }

    @Test("work done by other means drops the run waiting, and the interval starts again")
    func doneElsewhere() async throws {
        let clock = ManualClock()
        let throttle = Throttle(interval: .milliseconds(30), clock: AppClock(clock))
        var runs = 0
        throttle.request { runs += 1 }
        throttle.request { runs += 1 }
        await waitUntil { clock.sleeping == 1 }
        throttle.ran()
        await waitUntil { clock.sleeping == 0 }
        clock.advance(by: .seconds(1))
        #expect(runs == 1)
    }

    @Test("a request after the interval, while the run waits for its moment, joins that run instead of running at once")
    func waitingForItsMoment() async throws {
        let clock = ManualClock()
        var moment: CheckedContinuation<Void, Never>?
        let throttle = Throttle(interval: .milliseconds(40), clock: AppClock(clock)) {
            await withCheckedContinuation { moment = $0 }
        }
        var runs = 0
        throttle.request { runs += 1 }
        throttle.request { runs += 1 }
        await waitUntil { clock.sleeping == 1 }
        clock.advance(by: .milliseconds(40))
        await waitUntil { moment != nil }
        // The interval is over and the run waits for its moment (the window's next frame).
        throttle.request { runs += 1 }
        #expect(runs == 1, "the request did not run at whatever moment it came")
        moment?.resume()
        await waitUntil { runs == 2 }
        #expect(runs == 2)
    }
}
