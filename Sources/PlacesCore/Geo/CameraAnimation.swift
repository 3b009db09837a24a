/// A transition between two cameras as a pure function of elapsed time, so the UI only has to feed
/// it a clock. The centre moves in Web-Mercator space and the zoom moves linearly in zoom levels,
/// both eased with `easeInOutCubic`. The viewport is `to`'s.
public struct CameraAnimation: Hashable, Sendable {
    public var from: Camera
    /// The camera at the end, returned exactly once the animation has finished.
    public var to: Camera
    /// The length in seconds.
    public var duration: Double

    public init(from: Camera, to: Camera, duration: Double = 0.3) {
        self.from = from
        self.to = to
        self.duration = duration
    }

    /// Cubic ease-in-out: 0 at 0, 1 at 1, ½ at ½, monotonic, symmetric (`f(1 - t) = 1 - f(t)`).
    /// Inputs outside 0...1 are clamped.
    public static func easeInOutCubic(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        if t < 0.5 {
            return 4 * t * t * t
        }
        let u = 2 - 2 * t
        return 1 - u * u * u / 2
    }

    /// The camera `elapsed` seconds after the start: `to` (exactly) once `elapsed >= duration`,
    /// otherwise `from` (exactly) when `elapsed <= 0` or is NaN, otherwise the eased interpolation.
    public func camera(at elapsed: Double) -> Camera {
        if elapsed >= duration { return to }
        guard elapsed > 0 else { return from }
        let t = Self.easeInOutCubic(elapsed / duration)
        let start = from.centerWorldPoint
        let end = to.centerWorldPoint
        let center = WorldPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
        let zoom = from.zoom + (to.zoom - from.zoom) * t
        return Camera(centerWorldPoint: center, zoom: zoom, viewport: to.viewport)
    }

    public func isFinished(at elapsed: Double) -> Bool {
        elapsed >= duration
    }
}
