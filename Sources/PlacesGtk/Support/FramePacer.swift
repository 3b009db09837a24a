import CGtk
import PlacesCore

/// Paces long work on the main thread to a window's frames: `nextFrame()` returns just after the
/// window has painted a frame, and says how long the next piece of work may take so that the next
/// frame is still on time (`FrameBudget` learns that from the frames). It waits for a frame only
/// while the person is using the window (`FrameBudget.isWatched`) and frames come; otherwise, or
/// when no frame comes within `patience` (a hidden window, nothing to redraw), it returns as soon as
/// what is due has run: input, and a frame that something asked for (the wait's timeout has a
/// lower priority than GTK's redraw). A window at rest does not hold a long import to its frames.
///
/// `nextSlice()` does not wait for a frame while there is room before the next one can begin
/// (`FrameBudget.room`): a frame painted in 5 ms leaves about 10 ms of a 60 Hz refresh, where one
/// slice a frame used 3 of them and left the main thread idle for the rest.
@MainActor
final class FramePacer: FramePacing {
    /// Who waits for the next frame, by number: a wait's timeout resumes that wait only.
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    private var waits = 0
    private var budget = FrameBudget()
    /// The last wait ended with a frame painted, not its timeout.
    private var framesCome = true

    private static let patience: guint = 25

    /// Paces to the frames of `window` from now on, and follows its input (`FrameBudget.isWatched`):
    /// the pacer is made before the window, for the view-models the window is built from.
    func follow(_ window: some Widget) {
        FrameClock.afterEachPaint(of: window) { [weak self] frame in self?.painted(frame) }
        let input = EventWatcher()
        input.onEvent { [weak self] in self?.budget.inputArrived(at: .now) }
        window.add(input)
    }

    /// Waits for the next painted frame; returns the seconds the work after it may take.
    func nextFrame() async -> Double {
        await waitForFrame(judgingWork: true)
    }

    /// While the person watches, lets the input due run, then gives the slice a budget's time within
    /// the room before the next frame; waits for the frame once there is no room left. The frame
    /// after slices kept to the room was not held up by them (they stopped before it could begin),
    /// so it does not teach the budget.
    func nextSlice() async -> Double {
        guard framesCome, budget.isWatched(at: .now) else { return await nextFrame() }
        if budget.room(at: .now) != nil {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Self.afterDueWork { continuation.resume() }
            }
            if let room = budget.room(at: .now) { return min(budget.milliseconds, room.milliseconds) / 1000 }
        }
        return await waitForFrame(judgingWork: false)
    }

    var isWatched: Bool { framesCome && budget.isWatched(at: .now) }

    /// Waits for the next painted frame (or the timeout); `judgingWork`: the frame says whether the
    /// work before it left it room.
    private func waitForFrame(judgingWork: Bool) async -> Double {
        if judgingWork { budget.workEnded(at: .now) }
        waits += 1
        let wait = waits
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiting[wait] = continuation
            let waitsForFrame = framesCome && budget.isWatched(at: .now)
            Self.afterDueWork(waiting: waitsForFrame ? Self.patience : 0) { [weak self] in
                guard let self, let continuation = waiting.removeValue(forKey: wait) else { return }
                budget.noFrameCame()
                framesCome = false
                continuation.resume()
            }
        }
        return budget.milliseconds / 1000
    }

    private func painted(_ frame: PaintedFrame) {
        budget.frameBegan(at: frame.began, refresh: frame.refreshInterval)
        budget.painted(at: .now, workWaited: !waiting.isEmpty)
        framesCome = true
        let resumed = waiting.values
        waiting = [:]
        resumed.forEach { $0.resume() }
    }

    /// Runs `body` once, after `milliseconds` at the least and after what is due: input, and a frame
    /// something asked for (the timeout's idle priority is below GTK's redraw).
    private static func afterDueWork(waiting milliseconds: guint = 0, _ body: @escaping @MainActor () -> Void) {
        g_timeout_add_full(G_PRIORITY_DEFAULT_IDLE, milliseconds, resumeOnce, ClosureBox<@MainActor () -> Void>.retained(body), releaseClosureBox)
    }

    private static let resumeOnce: GSourceFunc = { data in
        let resume = ClosureBox<@MainActor () -> Void>.body(data)
        MainActor.assumeIsolated { resume() }
        return 0  // G_SOURCE_REMOVE
    }
}
