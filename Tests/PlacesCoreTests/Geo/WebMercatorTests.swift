import PlacesCore
import Testing
import TestingSupport

@Suite("Web-Mercator projection")
struct WebMercatorTests {
    @Test("a coordinate projects and unprojects to itself")
    func roundTrip() {
        var random = SplitMix64(seed: 1)
        var coordinates: [Coordinate] = []
        for latitude in stride(from: -85.0, through: 85.0, by: 5) {
            for longitude in stride(from: -180.0, through: 180.0, by: 15) {
                coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
            }
        }
        for _ in 0..<2000 {
            coordinates.append(Coordinate(
                latitude: .random(in: -WebMercator.maxLatitude...WebMercator.maxLatitude, using: &random),
                longitude: .random(in: -180...180, using: &random)
            ))
        }
        for coordinate in coordinates {
            let back = WebMercator.unproject(WebMercator.project(coordinate))
            #expect(isClose(back.latitude, coordinate.latitude, tolerance: 1e-9), "\(coordinate)")
            #expect(isClose(back.longitude, coordinate.longitude, tolerance: 1e-9), "\(coordinate)")
        }
    }

    @Test("the world maps onto the unit square, north-west at the origin")
    func corners() {
        let northWest = WebMercator.project(Coordinate(latitude: WebMercator.maxLatitude, longitude: -180))
        let southEast = WebMercator.project(Coordinate(latitude: -WebMercator.maxLatitude, longitude: 180))
        let origin = WebMercator.project(Coordinate(latitude: 0, longitude: 0))
        #expect(isClose(northWest.x, 0) && isClose(northWest.y, 0, tolerance: 1e-8))
        #expect(isClose(southEast.x, 1) && isClose(southEast.y, 1, tolerance: 1e-8))
        #expect(isClose(origin.x, 0.5) && isClose(origin.y, 0.5))
    }

    @Test("north is up: higher latitudes have smaller y")
    func northIsUp() {
        let equator = WebMercator.project(Coordinate(latitude: 0, longitude: 10))
        let oslo = WebMercator.project(Coordinate(latitude: 59.9, longitude: 10))
        #expect(oslo.y < equator.y)
        #expect(oslo.x == equator.x)
    }

    @Test("latitudes beyond the Mercator limit are clamped to the world's edge")
    func clampsPoles() {
        let northPole = WebMercator.project(Coordinate(latitude: 90, longitude: 0))
        let southPole = WebMercator.project(Coordinate(latitude: -90, longitude: 0))
        #expect(northPole == WebMercator.project(Coordinate(latitude: WebMercator.maxLatitude, longitude: 0)))
        #expect(southPole == WebMercator.project(Coordinate(latitude: -WebMercator.maxLatitude, longitude: 0)))
        #expect(northPole.y.isFinite && southPole.y.isFinite)
    }
}
