import CGtk

/// Paces long work on the main thread to a window's frames: `nextFrame()` returns just after the
/// window has painted a frame, and says how long the next piece of work may take so that the next
/// frame is still on time (the frame interval less what painting took and a margin). When no frame
/// comes within `patience` (a hidden window, nothing to redraw), it returns anyway.
@MainActor
final class FramePacer {
    /// Who waits for the next frame, by number: a wait's timeout resumes that wait only.
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    private var waits = 0
    /// What the last frame's paint phase took, in milliseconds.
    private var lastPaint = 0.0

    private static let frameInterval = 1000.0 / 60
    private static let margin = 3.0
    private static let patience: guint = 25

    init(window: some Widget) {
        FrameClock.afterEachPaint(of: window) { [weak self] milliseconds in self?.painted(milliseconds) }
    }

    /// Waits for the next painted frame; returns the seconds the work after it may take.
    func nextFrame() async -> Double {
        waits += 1
        let wait = waits
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiting[wait] = continuation
            let timeout = ClosureBox<@MainActor () -> Void>.retained { [weak self] in self?.waiting.removeValue(forKey: wait)?.resume() }
            g_timeout_add_full(G_PRIORITY_DEFAULT, Self.patience, Self.resumeOnce, timeout, releaseClosureBox)
        }
        return min(8, max(2, Self.frameInterval - lastPaint - Self.margin)) / 1000
    }

    private func painted(_ milliseconds: Double) {
        lastPaint = milliseconds
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
