import CGtk

/// Paces long work on the main thread to a window's frames: `nextFrame()` returns just after the
/// window has painted a frame, and says how long the next piece of work may take so that the next
/// frame is still on time. That time is learnt from the frames themselves: cut by a third after a
/// late frame (input, layout and drawing took more than the rest of it), grown by a quarter of a
/// millisecond after one on time, between 1 and 8 ms. When no frame comes within `patience` (a
/// hidden window, nothing to redraw), it returns anyway.
@MainActor
final class FramePacer {
    /// Who waits for the next frame, by number: a wait's timeout resumes that wait only.
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    private var waits = 0
    /// What the work between two frames may take, in milliseconds.
    private var budget = 4.0
    private var lastFrame: ContinuousClock.Instant?

    /// Later than this after the previous frame, a frame is late (a 60 Hz frame and some slack).
    private static let lateAfter = 1000.0 / 60 * 1.08
    private static let patience: guint = 25

    init(window: some Widget) {
        FrameClock.afterEachPaint(of: window) { [weak self] _ in self?.painted() }
    }

    /// Waits for the next painted frame; returns the seconds the work after it may take.
    func nextFrame() async -> Double {
        waits += 1
        let wait = waits
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiting[wait] = continuation
            let timeout = ClosureBox<@MainActor () -> Void>.retained { [weak self] in
                guard let self, let continuation = waiting.removeValue(forKey: wait) else { return }
                lastFrame = nil  // no frame came: the next one says nothing of the work's room
                continuation.resume()
            }
            g_timeout_add_full(G_PRIORITY_DEFAULT, Self.patience, Self.resumeOnce, timeout, releaseClosureBox)
        }
        return budget / 1000
    }

    private func painted() {
        let now = ContinuousClock.now
        if let lastFrame, !waiting.isEmpty {
            // Only frames that work was waiting for tell whether the work left them room.
            budget = (now - lastFrame).milliseconds > Self.lateAfter ? max(1, budget * 2 / 3) : min(8, budget + 0.25)
        }
        lastFrame = now
        let resumed = waiting.values
        waiting = [:]
        resumed.forEach { $0.resume() }
    }

    private static let resumeOnce: GSourceFunc = { data in
        let resume = ClosureBox<@MainActor () -> Void>.body(data)
        MainActor.assumeIsolated { resume() }
        return 0  // G_SOURCE_REMOVE
    }
}
