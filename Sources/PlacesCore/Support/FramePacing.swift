/// Paces long work on the main thread to the window's frames, so that it never holds up a frame due:
/// the portions of a file being read, index snapshots put in place, throttled updates. The GTK
/// window's is `FramePacer`; `Unpaced` stands in where there is no window.
@MainActor
public protocol FramePacing: AnyObject {
    /// Waits for the window's next painted frame; returns the seconds the work after it may take.
    func nextFrame() async -> Double

    /// Waits until the next slice of work sized by its time may run: at once (after the input
    /// due) while there is room before the next frame can begin, else after that frame; returns
    /// the seconds the slice may take. For work that sizes its slices to the time given (a file's
    /// portions); work of unknown length waits for `nextFrame()`, which leaves it the most room.
    func nextSlice() async -> Double

    /// Whether the person may be watching the frames now (they used the window within the last
    /// second, and frames come): work that would hold a frame up waits until they stop.
    var isWatched: Bool { get }
}

/// No window to pace to: lets other tasks run, and gives the work 8 ms.
@MainActor
public final class Unpaced: FramePacing {
    public init() {}

    public func nextFrame() async -> Double {
        await Task.yield()
        return 0.008
    }

    public func nextSlice() async -> Double {
        await nextFrame()
    }

    public var isWatched: Bool { false }
}
