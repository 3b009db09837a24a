import Foundation
@testable import PlacesCore
import Testing

/// "What's here?": the nearest town of the bundled gazetteer, with distance and direction.
@Suite("Nearest town")
struct NearestTownTests {
    private var gazetteer: Gazetteer { GazetteerSearchTests.gazetteer }

    @Test("the nearest town agrees with a scan of every town", arguments: [
        Coordinate(latitude: 45.29, longitude: 5.80), Coordinate(latitude: 48.8584, longitude: 2.2945),
        Coordinate(latitude: -33.86, longitude: 151.21), Coordinate(latitude: 64.14, longitude: -21.94),
        Coordinate(latitude: 0.5, longitude: -179.9), Coordinate(latitude: 78.2, longitude: 15.6),
        Coordinate(latitude: -30, longitude: -140),  // the Pacific: far from anything
    ])
    func agreesWithScan(point: Coordinate) throws {
        let found = try #require(gazetteer.nearestTown(to: point))
        let scanned = (0..<gazetteer.count).filter { gazetteer.kind(of: $0) == .town }
            .min { gazetteer.coordinate(of: $0).distance(to: point) < gazetteer.coordinate(of: $1).distance(to: point) }!
        #expect(found.town.index == scanned, "\(found.town.name) vs \(gazetteer.place(scanned).name)")
        #expect(abs(found.kilometres - gazetteer.coordinate(of: scanned).distance(to: point)) < 1e-9)
    }

    @Test("distance and direction from the town to the point")
    func direction() throws {
        // 10 km north-east of Grenoble's centre.
        let grenoble = try #require(gazetteer.search("grenoble", limit: 1).first).place
        let centre = gazetteer.coordinate(of: grenoble)
        let point = Coordinate(latitude: centre.latitude + 0.0636, longitude: centre.longitude + 0.0903)
        let near = try #require(gazetteer.nearestTown(to: centre))
        #expect(near.town.name == "Grenoble")
        #expect(near.kilometres < 0.01)
        #expect(centre.bearing(to: point) > 40 && centre.bearing(to: point) < 50)
        #expect(CompassPoint(bearing: centre.bearing(to: point)) == .northEast)
    }

    @Test("compass points by bearing", arguments: [
        (0.0, CompassPoint.north), (22.4, .north), (22.6, .northEast), (90, .east), (180, .south), (270, .west), (337.6, .north), (-45, .northWest), (359.9, .north),
    ])
    func compass(bearing: Double, point: CompassPoint) {
        #expect(CompassPoint(bearing: bearing) == point)
    }

    @Test("airports are not towns")
    func airportsAreNotTowns() throws {
        let heathrow = try #require(gazetteer.search("lhr", limit: 1).first)
        let near = try #require(gazetteer.nearestTown(to: gazetteer.coordinate(of: heathrow.place)))
        #expect(near.town.kind == .town)
    }
}
