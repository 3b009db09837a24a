import PlacesCore
import Testing

@Suite("Camera animation")
struct CameraAnimationTests {
    private let viewport = ScreenSize(width: 1100, height: 750)

    @Test("the easing is 0 at 0, ½ halfway and 1 at 1")
    func easingEnds() {
        #expect(CameraAnimation.easeInOutCubic(0) == 0)
        #expect(CameraAnimation.easeInOutCubic(0.5) == 0.5)
        #expect(CameraAnimation.easeInOutCubic(1) == 1)
        #expect(CameraAnimation.easeInOutCubic(-3) == 0 && CameraAnimation.easeInOutCubic(7) == 1)
    }

    @Test("the easing never goes backwards")
    func easingMonotonic() {
        let values = (0...1000).map { CameraAnimation.easeInOutCubic(Double($0) / 1000) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("the easing is symmetric: f(1 - t) = 1 - f(t)")
    func easingSymmetric() {
        for step in 0...1000 {
            let t = Double(step) / 1000
            #expect(isClose(CameraAnimation.easeInOutCubic(1 - t), 1 - CameraAnimation.easeInOutCubic(t), tolerance: 1e-12))
        }
    }

    @Test("an animation starts exactly at `from` and ends exactly at `to`")
    func endpoints() {
        let from = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 5, viewport: viewport)
        let to = Camera(center: Coordinate(latitude: 52.52, longitude: 13.40), zoom: 11, viewport: viewport)
        let animation = CameraAnimation(from: from, to: to)
        #expect(animation.duration == 0.3)
        #expect(animation.camera(at: -1) == from && animation.camera(at: 0) == from)
        #expect(animation.camera(at: 0.3) == to && animation.camera(at: 10) == to)
        #expect(!animation.isFinished(at: 0.299) && animation.isFinished(at: 0.3))
    }

    @Test("halfway, the centre (in Mercator space) and the zoom are halfway")
    func midpoint() {
        let from = Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 5, viewport: viewport)
        let to = Camera(center: Coordinate(latitude: 52.52, longitude: 13.40), zoom: 11, viewport: viewport)
        let middle = CameraAnimation(from: from, to: to, duration: 2).camera(at: 1)
        #expect(isClose(middle.zoom, 8))
        #expect(isClose(middle.centerWorldPoint.x, (from.centerWorldPoint.x + to.centerWorldPoint.x) / 2))
        #expect(isClose(middle.centerWorldPoint.y, (from.centerWorldPoint.y + to.centerWorldPoint.y) / 2))
        let early = CameraAnimation(from: from, to: to, duration: 2).camera(at: 0.5)
        #expect(isClose(early.zoom, 5 + 6 * CameraAnimation.easeInOutCubic(0.25)))
    }

    @Test("a zero-length animation is finished at once")
    func zeroDuration() {
        let from = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 3, viewport: viewport)
        let to = from.zoomed(by: 2, around: ScreenPoint(x: 100, y: 100))
        let animation = CameraAnimation(from: from, to: to, duration: 0)
        #expect(animation.isFinished(at: 0) && animation.camera(at: 0) == to)
    }
}
