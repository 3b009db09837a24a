@testable import PlacesCore
import Testing

/// Markers in the colour their file gives them.
@MainActor
@Suite("Marker colours from files")
struct FileColourTests {
    @Test("simplestyle's marker-color, OsmAnd's #AARRGGBB, Organic Maps' placemark style, My Maps' icon style; none: nil")
    func parsed() {
        #expect(FileColour.of(["marker-color": "#ff0000"]) == RGB(1, 0, 0))
        #expect(FileColour.of(["extensions.color": "#800000ff"]) == RGB(0, 0, 1), "OsmAnd's alpha is not the colour")
        #expect(FileColour.of(["styleUrl": "#placemark-green"]) == RGB(0x3C / 255.0, 0x8C / 255.0, 0x3C / 255.0))
        #expect(FileColour.of(["styleUrl": "#icon-1899-0288D1-normal"]) == RGB(0x02 / 255.0, 0x88 / 255.0, 0xD1 / 255.0))
        #expect(FileColour.of(["colour": "#0f0"]) == RGB(0, 1, 0))
        #expect(FileColour.of(["styleUrl": "#my-style", "color": "red"]) == nil, "a name that is no colour")
        #expect(FileColour.of([:]) == nil)
        #expect(FileColour.ofLine(["stroke": "#00ff00", "marker-color": "#ff0000"]) == RGB(0, 1, 0), "a line's stroke, not a marker's colour")
        #expect(FileColour.ofLine(["extensions.color": "#ffeecc22"]) == RGB(0xEE / 255.0, 0xCC / 255.0, 0x22 / 255.0), "an OsmAnd track")
    }

    @Test("an imported place's marker has its file's colour, and the legend says so while it is on screen; a bundled place's keeps its kind's")
    func markers() throws {
        let painted = Place(id: "file:/a.geojson/1", name: "Painted", category: .other("cafe"), coordinate: Coordinate(latitude: 45, longitude: 5),
                            source: "file:/a.geojson", properties: ["marker-color": "#7e57c2"])
        let bundled = Place(id: "capital-x", name: "Capital", category: .capital, coordinate: Coordinate(latitude: -30, longitude: 120),
                            properties: ["marker-color": "#000000"])
        let model = PlacesModel(places: [painted, bundled], sources: [.bundled, PlaceSource(id: "file:/a.geojson", title: "a.geojson")])
        let map = MapViewModel(model: model)
        map.send(.resized(ScreenSize(width: 1000, height: 700)))
        map.settle()
        let markers = try #require(map.state.latest?.markers)
        #expect(markers.first { $0.name == "Painted" }?.fileColour == RGB(0x7E / 255.0, 0x57 / 255.0, 0xC2 / 255.0))
        #expect(markers.first { $0.name == "Capital" }.map { $0.fileColour == nil } == true)
        #expect(map.state.latest?.legend.hasFileColours == true)
        #expect(map.state.latest?.legend.rowNames.last == "Colour from its file", "the legend explains the colour")

        // Away from the painted place, the legend has no such row.
        map.send(.show(center: bundled.coordinate, zoom: 8))
        map.settle()
        #expect(map.state.latest?.legend.hasFileColours == false)
    }
}
