import Foundation
@testable import PlacesCore
import Testing

@MainActor
@Suite("The map's scale bar and the hint beyond the world map's detail")
struct MapScaleTests {
    private let numbers = LocalizedNumbers(locale: Locale(identifier: "en_US"))

    private func camera(zoom: Double, latitude: Double = 45.76) -> Camera {
        Camera(center: Coordinate(latitude: latitude, longitude: 4.84), zoom: zoom, viewport: ScreenSize(width: 800, height: 600))
    }

    @Test("a round distance no longer than 100 pixels, in the person's unit", arguments: [
        (11.0, DistanceUnit.kilometres, "5 km"), (16, .kilometres, "100 m"), (3, .kilometres, "1,000 km"),
        (11, .miles, "2 mi"), (16, .miles, "500 ft"),
    ])
    func scale(zoom: Double, unit: DistanceUnit, label: String) throws {
        let scale = try #require(MapScale.at(camera(zoom: zoom), unit: unit, numbers: numbers))
        #expect(scale.label == label)
        #expect(scale.width <= 100 && scale.width > 40, "\(scale.width) pixels")
    }

    @Test("the bar is as long as its distance on the ground, at the view's latitude")
    func length() throws {
        // At zoom 11 one pixel is 40,075 km · cos(45.76°) / 524,288 = 53.3 m: 5 km is 93.8 pixels.
        let scale = try #require(MapScale.at(camera(zoom: 11), unit: .kilometres, numbers: numbers))
        #expect(abs(scale.width - 93.8) < 0.2)
    }

    @Test("deeper than zoom 10 with no map going further, the hint shows; closed, it stays closed until the person zooms out")
    func beyondDetail() throws {
        let map = MapViewModel(model: PlacesModel(places: Samples.places, sources: [.bundled]))
        map.send(.resized(ScreenSize(width: 800, height: 600)))
        map.send(.show(center: Coordinate(latitude: 45.76, longitude: 4.84), zoom: 9))
        #expect(map.state.latest?.isBeyondDetail == false)
        map.send(.show(center: Coordinate(latitude: 45.76, longitude: 4.84), zoom: 11))
        #expect(map.state.latest?.isBeyondDetail == true)
        map.send(.closeDetailHint)
        #expect(map.state.latest?.isBeyondDetail == false)
        map.send(.show(center: Coordinate(latitude: 45.76, longitude: 4.84), zoom: 12))
        #expect(map.state.latest?.isBeyondDetail == false, "closed, it came back")
        map.send(.show(center: Coordinate(latitude: 45.76, longitude: 4.84), zoom: 8))
        map.send(.show(center: Coordinate(latitude: 45.76, longitude: 4.84), zoom: 11))
        #expect(map.state.latest?.isBeyondDetail == true, "zoomed out and in again, it shows again")
        #expect(map.state.latest?.scale?.label == "5 km")
    }
}
