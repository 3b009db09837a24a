/// A frame a window has painted, as its frame clock tells it.
struct PaintedFrame {
    /// When the frame began (its update phase).
    let began: ContinuousClock.Instant
    /// From its beginning to the end of painting.
    let milliseconds: Double
    /// How often the display is refreshed, the least time between two frames' beginnings (60 Hz
    /// when the display does not say).
    let refreshInterval: Duration
}
