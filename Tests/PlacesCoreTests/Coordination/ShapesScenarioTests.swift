import Foundation
import PlacesCore
import Testing

/// A GPX file's track and a KML polygon through the whole app, headless: the model keeps them with
/// their file, the map draws them and finds them under a click, the card describes them, and an
/// import undone or a file removed takes them away.
@MainActor
@Suite("Lines and areas")
struct ShapesScenarioTests {
    private static let gpx = """
        <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
        <wpt lat="-30.5" lon="-19"><name>Buoy</name></wpt>
        <trk><name>Harbour walk</name><desc>Along the water</desc><trkseg><trkpt lat="-30" lon="-20"/><trkpt lat="-30" lon="-18"/></trkseg></trk>
        </gpx>
        """
    private static let kml = """
        <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Ocean park</name><Polygon><outerBoundaryIs><LinearRing>
        <coordinates>-20,-34 -18,-34 -18,-32 -20,-32 -20,-34</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>
        """

    @Test("imported lines and areas are kept, drawn, found under a click, described on the card, and go with their file")
    func throughTheApp() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let gpx = try folder.write(Self.gpx, to: "walk.gpx").path
        let kml = try folder.write(Self.kml, to: "parks.kml").path
        let scenario = Scenario()

        await scenario.coordinator.importFiles([gpx, kml])

        #expect(scenario.shell.notices == ["Imported 1 place, 1 line and 1 area from 2 files"])
        let gpxID = "file:" + URL(fileURLWithPath: gpx).standardizedFileURL.path
        let kmlID = "file:" + URL(fileURLWithPath: kml).standardizedFileURL.path
        #expect(scenario.placesModel.shapes[gpxID]?.map(\.name) == ["Harbour walk"])
        #expect(scenario.placesModel.shapes[kmlID]?.map(\.kind) == [.area])

        let map = scenario.map
        map.send(.resized(Scenario.viewport))
        map.send(.show(center: Coordinate(latitude: -31.5, longitude: -19), zoom: 6))
        let drawn = try #require(map.state.latest?.shapes)
        #expect(drawn.map(\.id) == [gpxID + "/trk1", kmlID + "/placemark1"])
        #expect(drawn[0].colour != drawn[1].colour, "each file has its colour")

        // A click on the line: the track is selected, and the card describes it.
        map.send(.pressed)
        map.send(.tapped(map.camera.screenPoint(for: Coordinate(latitude: -30, longitude: -18.5))))
        #expect(scenario.placesModel.selectedShape?.name == "Harbour walk")
        #expect(map.state.latest?.shapes.last?.isSelected == true, "the selected shape is drawn last, on top")
        let card = try #require(scenario.card.state.latest ?? nil)
        #expect(card.title == "Harbour walk")
        #expect(card.category == "Line")
        #expect(card.coordinate == "193 km long")
        #expect(card.summary == "Along the water")
        #expect(card.origin == "from “walk.gpx”")
        #expect(!card.isPlace)

        // A click inside the area selects it; a click on open sea selects nothing.
        map.send(.pressed)
        map.send(.tapped(map.camera.screenPoint(for: Coordinate(latitude: -33, longitude: -19))))
        #expect(scenario.placesModel.selectedShape?.name == "Ocean park")
        #expect((scenario.card.state.latest ?? nil)?.coordinate.hasSuffix("km around") == true)
        map.send(.pressed)
        map.send(.tapped(map.camera.screenPoint(for: Coordinate(latitude: -25, longitude: -10))))
        #expect(scenario.placesModel.selectedItem == nil)

        // Showing the GPX file's section alone draws its line only.
        map.send(.showAlone(.source(gpxID), title: "walk.gpx"))
        #expect(map.state.latest?.shapes.map(\.id) == [gpxID + "/trk1"])
        map.send(.showAlone(nil, title: ""))

        // Undoing the KML's import takes its area away; removing the GPX file takes its line.
        scenario.placesModel.select(kmlID + "/placemark1")
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.shapes[kmlID] == nil)
        #expect(scenario.placesModel.selectedItem == nil, "a shape that is gone is not selected")
        scenario.coordinator.handle(.removeSource(gpxID))
        #expect(scenario.placesModel.shapes.isEmpty)
        #expect(map.state.latest?.shapes.isEmpty == true)
    }
}
