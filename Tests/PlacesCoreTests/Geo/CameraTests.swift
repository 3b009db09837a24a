import PlacesCore
import Testing
import TestingSupport

@Suite("Camera")
struct CameraTests {
    private let viewport = ScreenSize(width: 1100, height: 750)
    private let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)

    @Test("the camera's centre appears at the middle of the viewport", arguments: [3.0, 5.5, 12, 18])
    func centerAtMiddle(zoom: Double) {
        for center in [paris, Coordinate(latitude: -33.92, longitude: 18.42), Coordinate(latitude: 0, longitude: 0)] {
            let camera = Camera(center: center, zoom: zoom, viewport: viewport)
            #expect(camera.center == center)
            #expect(isClose(camera.screenPoint(for: center), ScreenPoint(x: 550, y: 375)))
        }
    }

    @Test("screen-to-world and world-to-screen conversions are inverse")
    func conversionsRoundTrip() {
        let camera = Camera(center: paris, zoom: 9.3, viewport: viewport)
        for point in [ScreenPoint(x: 0, y: 0), ScreenPoint(x: 1100, y: 750), ScreenPoint(x: 123.4, y: 567.8)] {
            #expect(isClose(camera.screenPoint(for: camera.worldPoint(at: point)), point))
            #expect(isClose(camera.screenPoint(for: camera.coordinate(at: point)), point))
        }
    }

    @Test("the world is 256 · 2^zoom pixels wide and the zoom is clamped to 0...18")
    func zoomRange() {
        #expect(Camera(center: paris, zoom: 3, viewport: viewport).worldPixelSize == 2048)
        #expect(Camera(center: paris, zoom: 25, viewport: viewport).zoom == 18)
        #expect(Camera(center: paris, zoom: -4, viewport: viewport).zoom == 0)
        #expect(Camera(center: paris, zoom: .nan, viewport: viewport).zoom == 0)
    }

    @Test("zooming around a pointer keeps the world point under the pointer")
    func zoomAroundPointer() {
        let camera = Camera(center: paris, zoom: 6, viewport: viewport)
        let anchors = [ScreenPoint(x: 10, y: 20), ScreenPoint(x: 550, y: 375), ScreenPoint(x: 1000, y: 700)]
        for anchor in anchors {
            for delta in [1.0, -0.5, 3.3, 0.01] {
                let before = camera.worldPoint(at: anchor)
                let zoomed = camera.zoomed(by: delta, around: anchor)
                #expect(isClose(zoomed.zoom, 6 + delta))
                #expect(isClose(zoomed.screenPoint(for: before), anchor, tolerance: 1e-6))
            }
        }
    }

    @Test("panning drags the content along with the pointer")
    func panning() {
        let camera = Camera(center: paris, zoom: 10, viewport: viewport)
        let grabbed = camera.worldPoint(at: ScreenPoint(x: 300, y: 200))
        let panned = camera.panned(byX: 120, y: -45)
        #expect(isClose(panned.screenPoint(for: grabbed), ScreenPoint(x: 420, y: 155)))
        #expect(panned.zoom == camera.zoom)
    }

    @Test("near the edges of the world the visible area is kept inside the world")
    func clampsAtEdges() {
        let corners = [
            Coordinate(latitude: 85, longitude: 179.9), Coordinate(latitude: -89, longitude: -180),
            Coordinate(latitude: 70, longitude: -170),
        ]
        for corner in corners {
            let camera = Camera(center: corner, zoom: 3, viewport: viewport)
            let visible = camera.visibleWorldRect
            #expect(visible.minX >= -1e-12 && visible.maxX <= 1 + 1e-12, "\(corner)")
            #expect(visible.minY >= -1e-12 && visible.maxY <= 1 + 1e-12, "\(corner)")
            #expect(camera.center.isValid)
        }
        let dragged = Camera(center: paris, zoom: 4, viewport: viewport).panned(byX: 1e7, y: -1e7)
        #expect(WorldRect.world.contains(dragged.centerWorldPoint) && dragged.center.isValid)
    }

    @Test("when the world is smaller than the viewport it is centred")
    func centresSmallWorld() {
        let camera = Camera(center: paris, zoom: 1, viewport: viewport)
        #expect(camera.centerWorldPoint == WorldPoint(x: 0.5, y: 0.5))
        #expect(isClose(camera.center.latitude, 0) && isClose(camera.center.longitude, 0))
        let invalid = Camera(center: Coordinate(latitude: .nan, longitude: .infinity), zoom: 8, viewport: viewport)
        #expect(invalid.center.isValid)
    }

    @Test("fitting shows every coordinate inside the padding, as large as possible")
    func fittingContainsAll() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let latitude = Double.random(in: -50...50, using: &random)
            let longitude = Double.random(in: -140...140, using: &random)
            let spread = Double.random(in: 0.001...20, using: &random)
            let coordinates = (0..<Int.random(in: 2...40, using: &random)).map { _ in
                Coordinate(
                    latitude: latitude + .random(in: -spread...spread, using: &random),
                    longitude: longitude + .random(in: -spread...spread, using: &random)
                )
            }
            let camera = Camera.fitting(coordinates, viewport: viewport, padding: 40)
            let points = coordinates.map(camera.screenPoint(for:))
            for point in points {
                #expect(point.x >= 40 - 1e-6 && point.x <= 1060 + 1e-6 && point.y >= 40 - 1e-6 && point.y <= 710 + 1e-6)
            }
            let width = points.map(\.x).max()! - points.map(\.x).min()!
            let height = points.map(\.y).max()! - points.map(\.y).min()!
            #expect(camera.zoom == 16 || isClose(max(width / 1020, height / 670), 1, tolerance: 1e-6))
        }
    }

    @Test("fitting nothing shows the whole world; fitting one place zooms in to the maximum")
    func fittingDegenerate() {
        let world = Camera.fitting([], viewport: viewport, padding: 20)
        #expect(world.zoom == 0 && world.centerWorldPoint == WorldPoint(x: 0.5, y: 0.5))
        let single = Camera.fitting([paris], viewport: viewport, padding: 20)
        #expect(single.zoom == 16)
        #expect(isClose(single.screenPoint(for: paris), ScreenPoint(x: 550, y: 375)))
        let spread = Camera.fitting(
            [Coordinate(latitude: 80, longitude: -170), Coordinate(latitude: -80, longitude: 170)],
            viewport: viewport, padding: 20
        )
        #expect(spread.zoom >= 0 && spread.center.isValid)
    }

    @Test("centering in a sub-rectangle puts the coordinate at that rectangle's centre")
    func centeringInVisibleArea() {
        let camera = Camera(center: Coordinate(latitude: 40, longitude: -3), zoom: 5, viewport: viewport)
        let aboveCard = (x: 0.0, y: 0.0, width: 1100.0, height: 450.0)
        let centred = camera.centering(paris, inVisibleArea: aboveCard, minimumZoom: 14)
        #expect(centred.zoom == 14)
        #expect(isClose(centred.screenPoint(for: paris), ScreenPoint(x: 550, y: 225)))
        let sidebar = (x: 300.0, y: 50.0, width: 800.0, height: 700.0)
        let kept = Camera(center: paris, zoom: 16.5, viewport: viewport)
            .centering(paris, inVisibleArea: sidebar, minimumZoom: 14)
        #expect(kept.zoom == 16.5)
        #expect(isClose(kept.screenPoint(for: paris), ScreenPoint(x: 700, y: 400)))
    }

    @Test("resizing keeps the centre and the zoom")
    func resizing() {
        let camera = Camera(center: paris, zoom: 7, viewport: viewport)
        let resized = camera.resized(to: ScreenSize(width: 400, height: 300))
        #expect(resized.zoom == 7 && resized.center == camera.center)
        #expect(isClose(resized.screenPoint(for: paris), ScreenPoint(x: 200, y: 150)))
    }
}
