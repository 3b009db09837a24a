import Foundation
@testable import PlacesCore
import Testing

/// What a search text or a handed-over link names: a point, words, or a link that cannot be read.
@Suite("Location input")
struct LocationInputTests {
    private static let grenoble = Coordinate(latitude: 45.1885, longitude: 5.7245)

    private func point(_ text: String, near reference: Coordinate = grenoble) -> LocationLink? {
        if case .point(let link) = LocationInput.read(text, near: reference) { return link }
        return nil
    }

    private func close(_ a: Coordinate?, _ latitude: Double, _ longitude: Double, within tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a.latitude - latitude) < tolerance && abs(a.longitude - longitude) < tolerance
    }

    @Test("decimal degrees in any common order and separator", arguments: [
        "45.19, 5.72", "45.19 5.72", "45.19,5.72", "N 45.19 E 5.72", "45.19N 5.72E", "5.72 E, 45.19 N", "E 5.72 N 45.19",
        "45,19 5,72", "45,19; 5,72", "45,19, 5,72", "[5.72, 45.19]", "5.72, 45.19 ",
    ])
    func decimals(text: String) {
        // "5.72, 45.19" is read latitude first (both can be latitudes); the rest all name the same point.
        let link = point(text)
        if text.hasPrefix("5.72, ") {
            #expect(close(link?.coordinate, 5.72, 45.19))
        } else {
            #expect(close(link?.coordinate, 45.19, 5.72), "\(text): \(String(describing: link))")
            #expect(link?.form == .coordinates)
        }
    }

    @Test("southern and western hemispheres, by sign or by letter", arguments: ["-33.86, 151.21", "S 33.86 E 151.21", "33.86S 151.21E", "33°51′36″S 151°12′36″E"])
    func southern(text: String) {
        #expect(close(point(text)?.coordinate, -33.86, 151.21, within: 1e-4), "\(text)")
    }

    @Test("a longitude written first is recognised when it cannot be a latitude")
    func longitudeFirst() {
        #expect(close(point("151.21, -33.86")?.coordinate, -33.86, 151.21))
        #expect(close(point("[151.21, -33.86]")?.coordinate, -33.86, 151.21))
    }

    @Test("degrees, minutes and seconds")
    func dms() {
        #expect(close(point("45°11′19″N 5°43′28″E")?.coordinate, 45.188611, 5.724444, within: 1e-5))
        #expect(close(point("45 11 19 N, 5 43 28 E")?.coordinate, 45.188611, 5.724444, within: 1e-5))
    }

    @Test("out of range is said, not searched for")
    func outOfRange() {
        #expect(LocationInput.read("95.0, 200.0", near: Self.grenoble) == .unreadable(.coordinates(.latitudeOutOfRange)))
        #expect(LocationInput.read("45.0, 200.0", near: Self.grenoble) == .unreadable(.coordinates(.longitudeOutOfRange)))
        #expect(LocationInput.read("geo:91,0", near: Self.grenoble) == .unreadable(.coordinates(.latitudeOutOfRange)))
        #expect(LocationInput.read("45°70′N 5°E", near: Self.grenoble) == .unreadable(.coordinates(.minutesOrSecondsTooLarge)))
    }

    @Test("names stay names", arguments: ["grenoble", "Route 66", "springfield illinois", "A7", "76 Trombones"])
    func words(text: String) {
        #expect(LocationInput.read(text, near: Self.grenoble) == .words(text))
    }

    @Test("geo: URIs with altitude, uncertainty, crs, zoom and labels (RFC 5870 and Android's additions)")
    func geoURIs() throws {
        #expect(close(point("geo:45.1885,5.7245")?.coordinate, 45.1885, 5.7245))
        let full = try #require(point("geo:45.1885,5.7245,210;crs=wgs84;u=35?z=14"))
        #expect(full.uncertainty == 35)
        #expect(full.zoom == 14)
        #expect(full.form == .geoURI)
        let labelled = try #require(point("geo:0,0?q=45.1885,5.7245(Bastille%20de%20Grenoble)"))
        #expect(close(labelled.coordinate, 45.1885, 5.7245))
        #expect(labelled.label == "Bastille de Grenoble")
        #expect(point("GEO:45.1885,5.7245")?.coordinate.latitude == 45.1885)
        #expect(close(point("geo:+45.1885,-5.7245")?.coordinate, 45.1885, -5.7245))
        #expect(LocationInput.read("geo:0,0?q=Grenoble+Bastille", near: Self.grenoble) == .words("Grenoble Bastille"))
        #expect(LocationInput.read("geo:45,5;crs=epsg3857", near: Self.grenoble) == .unreadable(.geoSystem("epsg3857")))
        #expect(LocationInput.read("geo:grenoble", near: Self.grenoble) == .unreadable(.geoCoordinates("geo:grenoble")))
        #expect(LocationInput.read("geo:45", near: Self.grenoble) == .unreadable(.geoCoordinates("geo:45")))
    }

    @Test("a geo: URI written back reads back the same point")
    func geoRoundTrip() {
        let coordinate = Coordinate(latitude: -33.856784, longitude: 151.215297)
        #expect(GeoURI.format(coordinate) == "geo:-33.85678,151.2153")
        #expect(close(point(GeoURI.format(coordinate))?.coordinate, -33.85678, 151.2153))
        #expect(GeoURI.format(Coordinate(latitude: 0, longitude: -0.000001)) == "geo:0,0")
    }

    @Test("OpenStreetMap links")
    func openStreetMap() throws {
        let view = try #require(point("https://www.openstreetmap.org/#map=15/45.1885/5.7245"))
        #expect(close(view.coordinate, 45.1885, 5.7245))
        #expect(view.zoom == 15)
        #expect(view.form == .openStreetMap)
        let marker = try #require(point("https://www.openstreetmap.org/?mlat=45.19&mlon=5.72#map=12/45.0/5.0"))
        #expect(close(marker.coordinate, 45.19, 5.72))
        #expect(marker.zoom == 12)
        #expect(close(point("openstreetmap.org/?lat=45.19&lon=5.72&zoom=11")?.coordinate, 45.19, 5.72))
        #expect(LocationInput.read("https://www.openstreetmap.org/node/123", near: Self.grenoble)
                == .unreadable(.noPosition("https://www.openstreetmap.org/node/123")))
        let written = WebMapLink.openStreetMap(Coordinate(latitude: 45.1885, longitude: 5.7245))
        #expect(written == "https://www.openstreetmap.org/?mlat=45.1885&mlon=5.7245#map=15/45.1885/5.7245")
        #expect(close(point(written)?.coordinate, 45.1885, 5.7245))
    }

    @Test("Google Maps links")
    func googleMaps() throws {
        let view = try #require(point("https://www.google.com/maps/@45.1885,5.7245,15z"))
        #expect(close(view.coordinate, 45.1885, 5.7245))
        #expect(view.zoom == 15)
        #expect(view.form == .googleMaps)
        let place = try #require(point("https://www.google.fr/maps/place/Bastille+de+Grenoble/@45.19,5.72,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d45.1988!4d5.7253"))
        #expect(close(place.coordinate, 45.1988, 5.7253))
        #expect(place.label == "Bastille de Grenoble")
        #expect(close(point("https://maps.google.com/?q=45.18,5.72")?.coordinate, 45.18, 5.72))
        #expect(close(point("https://www.google.com/maps/search/?api=1&query=45.18,5.72")?.coordinate, 45.18, 5.72))
        #expect(LocationInput.read("https://maps.google.com/?q=Grenoble", near: Self.grenoble) == .words("Grenoble"))
        #expect(LocationInput.read("https://maps.app.goo.gl/abc", near: Self.grenoble) == .unreadable(.noPosition("https://maps.app.goo.gl/abc")))
    }

    @Test("Plus Codes, full and short (completed near the map's centre)")
    func plusCodes() throws {
        let full = try #require(point("8FQ75PQF+CR"))
        #expect(full.form == .plusCode)
        #expect(full.coordinate.distance(to: Self.grenoble) < 2)
        let short = try #require(point("5PQF+CR"))
        #expect(short.coordinate == full.coordinate)
        // The same short code near Sydney is another place.
        let far = try #require(point("5PQF+CR", near: Coordinate(latitude: -33.86, longitude: 151.21)))
        #expect(far.coordinate.distance(to: Self.grenoble) > 10_000)
        #expect(PlusCode.encode(full.coordinate) == "8FQ75PQF+CR")
    }
}
