@testable import PlacesCore
import Testing

@Suite("FrameBudget")
struct FrameBudgetTests {
    /// Frames painted every `interval` ms with work running `work` ms after each, `count` times.
    private func run(_ budget: inout FrameBudget, from start: ContinuousClock.Instant, frames count: Int,
                     interval: Int, work: Int) -> ContinuousClock.Instant {
        var now = start
        budget.painted(at: now, workWaited: true)
        for _ in 0..<count {
            budget.workEnded(at: now + .milliseconds(work))
            now += .milliseconds(interval)
            budget.painted(at: now, workWaited: true)
        }
        return now
    }

    @Test("a frame painted late, right after the work handed the thread back, cuts the budget by a third")
    func heldUp() {
        var budget = FrameBudget(milliseconds: 6)
        let start = ContinuousClock.now
        budget.painted(at: start, workWaited: true)
        budget.workEnded(at: start + .milliseconds(20))
        budget.painted(at: start + .milliseconds(22), workWaited: true)
        #expect(budget.milliseconds == 4)
    }

    @Test("frames are watched for a second after the person's last input, and not before any")
    func watched() {
        var budget = FrameBudget()
        let start = ContinuousClock.now
        #expect(!budget.isWatched(at: start))
        budget.inputArrived(at: start)
        #expect(budget.isWatched(at: start + .milliseconds(999)))
        #expect(!budget.isWatched(at: start + .seconds(1)))
        budget.inputArrived(at: start + .seconds(5))
        #expect(budget.isWatched(at: start + .milliseconds(5_500)))
    }

    @Test("a late frame that came long after the work ended (a window at rest) does not shrink it")
    func windowAtRest() {
        var budget = FrameBudget(milliseconds: 6)
        // A progress bar's redraw every 30 ms, the work done 6 ms after each frame.
        _ = run(&budget, from: .now, frames: 100, interval: 30, work: 6)
        #expect(budget.milliseconds == 8)
    }

    @Test("frames on time grow it by a twentieth of a millisecond each, up to 8 ms; down to 1 ms at least")
    func bounds() {
        var budget = FrameBudget(milliseconds: 4)
        let later = run(&budget, from: .now, frames: 20, interval: 16, work: 4)
        #expect(abs(budget.milliseconds - 5) < 1e-9)
        _ = run(&budget, from: later, frames: 200, interval: 16, work: 4)
        #expect(budget.milliseconds == 8)
        _ = run(&budget, from: later + .seconds(10), frames: 50, interval: 40, work: 38)
        #expect(budget.milliseconds == 1)
    }

    @Test("probing for the limit makes few frames late: under one in twenty")
    func fewLateFrames() {
        // Each frame's own work (input, layout, drawing) takes 10 ms of a 16.7 ms frame: work of
        // more than 6.7 ms after a frame makes the next one late.
        var budget = FrameBudget(milliseconds: 4)
        var now = ContinuousClock.now
        var late = 0
        budget.painted(at: now, workWaited: true)
        for _ in 0..<1_000 {
            let work = budget.milliseconds
            let ended = now + .microseconds(Int(work * 1000))
            budget.workEnded(at: ended)
            let next = max(now + .microseconds(16_700), ended + .milliseconds(10))
            if next - now > FrameBudget.lateAfter { late += 1 }
            now = next
            budget.painted(at: now, workWaited: true)
        }
        #expect(late < 50)
        #expect(budget.milliseconds > 4, "it still finds most of the room there is")
    }

    @Test("after a wait no frame answered, or a frame no work waited for, the next frame says nothing")
    func unjudged() {
        var budget = FrameBudget(milliseconds: 6)
        let start = ContinuousClock.now
        budget.painted(at: start, workWaited: true)
        budget.workEnded(at: start + .milliseconds(2))
        budget.noFrameCame()
        budget.painted(at: start + .milliseconds(40), workWaited: true)
        #expect(budget.milliseconds == 6)
        budget.workEnded(at: start + .milliseconds(60))
        budget.painted(at: start + .milliseconds(61), workWaited: false)
        #expect(budget.milliseconds == 6)
    }

    @Test("the room before the next frame: a refresh after the last one began, less the margin; none below a millisecond or before any frame")
    func room() {
        var budget = FrameBudget()
        let start = ContinuousClock.now
        #expect(budget.room(at: start) == nil, "no frame yet: nothing says when the next can begin")
        budget.frameBegan(at: start, refresh: .microseconds(16_667))
        // A frame painted in 5 ms leaves 16.667 - 1.5 - 5 ms.
        #expect(budget.room(at: start + .milliseconds(5)) == .microseconds(10_167))
        #expect(budget.room(at: start + .microseconds(14_167)) == .milliseconds(1))
        #expect(budget.room(at: start + .microseconds(14_168)) == nil, "less than a millisecond is not worth a slice")
        #expect(budget.room(at: start + .milliseconds(20)) == nil)
        // A faster display leaves less.
        budget.frameBegan(at: start + .milliseconds(20), refresh: .microseconds(6_944))
        #expect(budget.room(at: start + .milliseconds(22)) == .microseconds(3_444))
    }
}
