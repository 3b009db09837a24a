/// How long work on the main thread may run between two frames and leave the next one on time,
/// learnt from the frames themselves: cut by a third after a frame the work held up, grown by a
/// twentieth of a millisecond after one it did not, between 1 and 8 ms.
///
/// A frame was held up when it came more than a frame and a bit after the one before *and* within
/// half a frame of the work handing the thread back: a frame nothing asked for sooner (a window at
/// rest, whose only change is a progress bar) comes late without the work being at fault, and must
/// not shrink the budget. Growing slowly matters as much: the budget only learns its limit by
/// passing it, and at a quarter of a millisecond per frame it passed it one frame in eight.
///
/// While the person watches, the frames also say when the next one can begin at the earliest: a
/// refresh interval after the last one began (GTK's frame clock starts no frame sooner). Until a
/// little before then, work can run in slices without delaying a frame (`room(at:)`).
public struct FrameBudget: Sendable {
    public private(set) var milliseconds: Double
    /// The last frame painted, while frames come one after another.
    private var lastFrame: ContinuousClock.Instant?
    /// When the work last handed the thread back to wait for a frame.
    private var workEnded: ContinuousClock.Instant?
    /// When the person last pressed a key or a button, moved the pointer, touched or scrolled.
    private var lastInput: ContinuousClock.Instant?
    /// The earliest the next frame can begin: the last one's start and a refresh interval.
    private var nextFrameEarliest: ContinuousClock.Instant?

    static let smallest = 1.0
    static let largest = 8.0
    static let growth = 0.05
    /// Later than this after the previous frame, a frame is late (a 60 Hz frame and some slack).
    static let lateAfter = Duration.milliseconds(18)
    /// A frame painted sooner than this after the work ended was waiting for it.
    static let heldUpWithin = Duration.microseconds(8_300)
    /// For this long after the person's last input, the frames may be ones they watch: a drag, or the
    /// glide or slide a key or a click started.
    static let attention = Duration.seconds(1)
    /// Work in the room before the next frame ends this long before the frame can begin: a
    /// portion may take longer than the time it was sized for.
    static let margin = Duration.microseconds(1_500)
    /// Less room than this is not worth a slice: each portion costs its subscribers a change.
    static let smallestRoom = Duration.milliseconds(1)

    public init(milliseconds: Double = 4) {
        self.milliseconds = milliseconds
    }

    /// The work ran until `now` and waits for the next frame.
    public mutating func workEnded(at now: ContinuousClock.Instant) {
        workEnded = now
    }

    /// A frame was painted at `now`; `workWaited` says whether work was waiting for it (only those
    /// frames say whether the work left them room).
    public mutating func painted(at now: ContinuousClock.Instant, workWaited: Bool) {
        if workWaited, let lastFrame, let workEnded, workEnded >= lastFrame {
            let heldUp = now - lastFrame > Self.lateAfter && now - workEnded < Self.heldUpWithin
            milliseconds = heldUp ? max(Self.smallest, milliseconds * 2 / 3) : min(Self.largest, milliseconds + Self.growth)
        }
        lastFrame = now
    }

    /// A frame began at `start`, on a display refreshed every `refresh`.
    public mutating func frameBegan(at start: ContinuousClock.Instant, refresh: Duration) {
        nextFrameEarliest = start + refresh
    }

    /// The time work may still take at `now`, in one slice or several, and end before the next
    /// frame can begin (less a margin); nil when that is less than is worth a slice, or unknown.
    public func room(at now: ContinuousClock.Instant) -> Duration? {
        guard let nextFrameEarliest else { return nil }
        let room = nextFrameEarliest - Self.margin - now
        return room >= Self.smallestRoom ? room : nil
    }

    /// The person used the window at `now`.
    public mutating func inputArrived(at now: ContinuousClock.Instant) {
        lastInput = now
    }

    /// Whether the person may be watching the frames at `now`, so that work should start right after
    /// one is painted; otherwise it only needs to let the events and frames due go first.
    public func isWatched(at now: ContinuousClock.Instant) -> Bool {
        lastInput.map { now - $0 < Self.attention } ?? false
    }

    /// No frame came while the work waited: the next one says nothing of the work's room.
    public mutating func noFrameCame() {
        lastFrame = nil
    }
}
