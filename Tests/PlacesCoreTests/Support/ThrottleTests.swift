@testable import PlacesCore
import Testing

@MainActor
@Suite("Throttle")
struct ThrottleTests {
    @Test("the first request runs at once; a burst after it runs once, when the interval ends")
    func burst() async throws {
        let throttle = Throttle(interval: .milliseconds(50))
        var runs = 0
        throttle.request { runs += 1 }
        #expect(runs == 1)
        for _ in 0..<10 { throttle.request { runs += 1 } }
        #expect(runs == 1)
        // At least the interval; at most as long as other suites keep the main actor busy.
        let start = ContinuousClock.now
        while runs < 2, ContinuousClock.now - start < .seconds(60) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(ContinuousClock.now - start >= .milliseconds(40))
        try await Task.sleep(for: .milliseconds(60))
        #expect(runs == 2, "the burst is answered once")
    }

    @Test("work done by other means drops the run waiting")
    func doneElsewhere() async throws {
        let throttle = Throttle(interval: .milliseconds(30))
        var runs = 0
        throttle.request { runs += 1 }
        throttle.request { runs += 1 }
        throttle.ran()
        try await Task.sleep(for: .milliseconds(80))
        #expect(runs == 1)
    }
}
