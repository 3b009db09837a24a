import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// What an export carries of a person's own place: their notes in each format's description, and
/// whether it is a favourite and in which collections.
@MainActor
@Suite("What an export carries")
struct ExportContentTests {
    private static let notes = "Bring cash.\nThe <terrace> & the “view”."

    /// Exports the own section, holding one place with notes, a favourite, in two collections, to
    /// `name`, choosing the format its extension names.
    private func export(to name: String) async throws -> (text: String, readBack: Place) {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = Scenario()
        scenario.shell.formatToChoose = ExportFormat(fileName: name)
        let place = Place(id: PlacesEditor.newID(), name: "Picnic at Miribel", category: .other("picnic site"),
                          coordinate: Coordinate(latitude: 45.8273, longitude: 4.9602), source: PlaceSource.mineID,
                          notes: Self.notes, link: "https://example.org/miribel")
        scenario.editor.save(place)
        scenario.editor.setFavourite(place.id, true)
        scenario.coordinator.handle(.edit(.createCollection(named: "Weekend", adding: place.id)))
        scenario.coordinator.handle(.edit(.createCollection(named: "Lyon & around", adding: place.id)))
        let path = folder.file(name).path
        scenario.shell.destination = path
        scenario.coordinator.handle(.export(SectionExport(title: "My Places", fileName: name, placeIDs: [place.id])))
        await scenario.saved()
        #expect(scenario.shell.shownNotices.last?.message == "Exported 1 place to \(name)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let result = try PlaceFileReader(source: "s").read(bytes)
        var readBack = try #require(result.places.first)
        // The collections come back as the file's lists; put beside the properties here to compare them.
        let lists = result.groups.names.filter { result.groups.members(of: $0).contains(readBack.id) }
        readBack.properties = PlaceProperties(Array(readBack.properties) + lists.enumerated().map { (key: "list#\($0.offset + 1)", value: $0.element) })
        let text = name.hasSuffix(".kmz")
            ? try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in try KMZArchive.documents(in: buffer) }.map { String(decoding: $0, as: UTF8.self) }.joined()
            : String(decoding: bytes, as: UTF8.self)
        return (text, readBack)
    }

    private func expectReadBack(_ place: Place, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(place.name == "Picnic at Miribel", sourceLocation: sourceLocation)
        #expect(place.summary == Self.notes, "the notes read back as the place's description", sourceLocation: sourceLocation)
        #expect(place.category == .other("picnic site"), sourceLocation: sourceLocation)
        #expect(place.link == "https://example.org/miribel", sourceLocation: sourceLocation)
        #expect(place.coordinate == Coordinate(latitude: 45.8273, longitude: 4.9602), sourceLocation: sourceLocation)
        #expect(place.properties["favourite"] == "true", sourceLocation: sourceLocation)
        #expect(place.properties["list#1"] == "Weekend", sourceLocation: sourceLocation)
        #expect(place.properties["list#2"] == "Lyon & around", sourceLocation: sourceLocation)
    }

    @Test("GeoJSON: the notes as description, \"favourite\": true, \"collections\" as an array")
    func geoJSON() async throws {
        let (text, place) = try await export(to: "mine.geojson")
        #expect(text.contains(#""description":"Bring cash.\nThe <terrace> & the “view”.""#), "\(text)")
        #expect(text.contains(#""favourite":true"#) && text.contains(#""collections":["Weekend","Lyon & around"]"#), "\(text)")
        expectReadBack(place)
    }

    @Test("GPX: the notes as desc; favourite and collections as extensions in Places' namespace")
    func gpx() async throws {
        let (text, place) = try await export(to: "mine.gpx")
        #expect(text.contains("<desc>Bring cash.\nThe &lt;terrace&gt; &amp; the “view”.</desc>"), "\(text)")
        #expect(text.contains(#"<places:property name="favourite">true</places:property>"#), "\(text)")
        #expect(text.contains(#"<places:property name="collections#2">Lyon &amp; around</places:property>"#), "\(text)")
        expectReadBack(place)
    }

    @Test("KML: the notes as description (HTML, as KML has it); favourite as ExtendedData; in the Folder of its first collection, the others as ExtendedData")
    func kml() async throws {
        let (text, place) = try await export(to: "mine.kml")
        #expect(text.contains("<Folder><name>Weekend</name>\n  <Placemark>"), "\(text)")
        #expect(text.contains(#"<Data name="collections#1"><value>Lyon &amp; around</value></Data>"#), "\(text)")
        // The description is HTML: the text's own < and & are entities in it.
        #expect(text.contains("<description>Bring cash.&lt;br&gt;\nThe &amp;lt;terrace&amp;gt; &amp;amp; the “view”.</description>"), "\(text)")
        #expect(text.contains(#"<Data name="favourite"><value>true</value></Data>"#), "\(text)")
        expectReadBack(place)
    }

    @Test("KMZ: the KML as doc.kml in a zip archive")
    func kmz() async throws {
        let (text, place) = try await export(to: "mine.kmz")
        #expect(text.hasPrefix("<?xml") && text.contains("<Placemark>"), "\(text)")
        expectReadBack(place)
    }

    @Test("CSV: one row with latitude and longitude columns, the notes quoted with their line break, membership in columns")
    func csv() async throws {
        let (text, place) = try await export(to: "mine.csv")
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[0] == "name,latitude,longitude,category,description,summary,link,favourite,collections#1,collections#2", "\(lines[0])")
        #expect(lines[1].hasPrefix("Picnic at Miribel,45.8273,4.9602,picnic site,\"Bring cash.\nThe <terrace> & the “view”.\",,"), "\(lines[1])")
        expectReadBack(place)
    }

    @Test("CSV: a value a spreadsheet would run as a formula is written after an apostrophe, a negative number is not; both read back as they were")
    func csvInjection() throws {
        let place = Place(id: "x", name: "=HYPERLINK(\"http://evil\",\"click\")", category: .other("@cmd"),
                          coordinate: Coordinate(latitude: -33.9, longitude: -70.6), source: "s",
                          properties: ["ele": "-12.5", "note": "+1 for the view", "tab": "\tx", "plain": "fine"])
        let text = CSVWriter.write([ExportedPlace(place)])
        let row = text.components(separatedBy: "\r\n")[1]
        #expect(row.hasPrefix(#""'=HYPERLINK(""http://evil"",""click"")",-33.9,-70.6,'@cmd,"#), "\(row)")
        #expect(row.contains(",-12.5,") && row.contains(",'+1 for the view,"), "\(row)")
        let back = try #require(try PlaceFileReader(source: "s").read(Array(text.utf8)).places.first)
        #expect(back.name == place.name)
        #expect(back.category == place.category)
        #expect(back.properties["note"] == "+1 for the view" && back.properties["ele"] == "-12.5" && back.properties["tab"] == "\tx")
    }

    @Test("the dialog offers the last format chosen, the suggested name with its extension; the file gets the chosen format's extension")
    func formatRemembered() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let settings = InMemorySettingsStore()
        let scenario = Scenario(settings: settings)
        await scenario.app.restoreProfileAndSettings()
        scenario.shell.destination = folder.file("capitals.geojson").path
        scenario.shell.formatToChoose = .gpx
        scenario.list.send(.export(.kind(.capital)))
        await scenario.saved()
        #expect(scenario.shell.offeredFormats == [.geoJSON])
        #expect(try folder.contents(of: folder.url) == ["capitals.gpx"], "written under the GPX name")
        #expect(settings.settings?.exportFormat == .gpx, "the choice is kept")

        scenario.shell.formatToChoose = nil
        scenario.list.send(.export(.kind(.city)))
        await scenario.saved()
        #expect(scenario.shell.offeredFormats == [.geoJSON, .gpx])
        #expect(scenario.shell.calls.contains { $0.description == "chooseDestination(Cities)" })
        let suggested = scenario.shell.calls.compactMap { if case .chooseDestination(let export) = $0 { export.fileName } else { nil } }
        #expect(suggested == ["Capitals.geojson", "Cities.gpx"])
    }

    @Test("a file the format's extension names, other than the one chosen, is never replaced: the person is told")
    func renamedFileKept() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let existing = try folder.write("mine", to: "capitals.kml")
        let scenario = Scenario()
        scenario.shell.destination = folder.file("capitals.geojson").path
        scenario.shell.formatToChoose = .kml
        scenario.list.send(.export(.kind(.capital)))
        await scenario.saved()
        #expect(try String(contentsOf: existing, encoding: .utf8) == "mine")
        #expect(scenario.shell.errors == ["Not exported: capitals.kml exists already, and a KML file takes that name. Export again to choose whether to replace it."])
    }

    private static let shapes = #"""
        {"type":"FeatureCollection","features":[
          {"type":"Feature","id":"p","geometry":{"type":"Point","coordinates":[4.83,45.76]},"properties":{"name":"Bellecour"}},
          {"type":"Feature","id":"walk","geometry":{"type":"MultiLineString","coordinates":[[[4.8,45.7],[4.9,45.8]],[[5,46],[5.1,46.1]]]},
           "properties":{"name":"Walk","description":"Two days","category":"hike"}},
          {"type":"Feature","id":"park","geometry":{"type":"MultiPolygon","coordinates":[
            [[[0,0],[10,0],[10,10],[0,10],[0,0]],[[2,2],[4,2],[4,4],[2,4],[2,2]]],
            [[[20,20],[30,20],[30,30],[20,20]]]]},"properties":{"name":"Park"}}
        ]}
        """#

    @Test("a file's lines and areas are exported with its places: GeoJSON, GPX and KML read back the same parts; CSV says what it left out",
          arguments: [ExportFormat.geoJSON, .gpx, .kml, .kmz, .csv])
    func shapes(format: ExportFormat) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let input = try folder.write(Self.shapes, to: "trip.geojson")
        let scenario = Scenario()
        await scenario.coordinator.importFiles([input.path])
        let source = "file:" + input.standardizedFileURL.path
        let original = try #require(scenario.placesModel.shapes[source])
        let output = folder.file("out." + format.fileExtension)
        scenario.shell.destination = output.path
        scenario.shell.formatToChoose = format
        scenario.list.send(.export(.source(source)))
        await scenario.saved()

        let read = try PlaceFileReader(source: "s").read(Array(try Data(contentsOf: output)))
        #expect(read.places.map(\.name) == ["Bellecour"])
        if format.carriesShapes {
            #expect(scenario.shell.shownNotices.last?.message == "Exported 1 place, 1 line and 1 area to out.\(format.fileExtension)")
            #expect(read.shapes.map(\.name) == ["Walk", "Park"])
            #expect(read.shapes.map(\.kind) == [.line, .area])
            #expect(read.shapes.first?.summary == "Two days")
            #expect(read.shapes.first?.properties["category"] == "hike")
            for (back, shape) in zip(read.shapes, original) {
                // Rings come back closed, as every format writes them.
                #expect(back.parts.map { shape.kind == .area ? GeoJSONWriter.closed($0) : $0 } == shape.parts.map { shape.kind == .area ? GeoJSONWriter.closed($0) : $0 },
                        "\(shape.name)")
            }
        } else {
            #expect(scenario.shell.shownNotices.last?.message == "Exported 1 place to out.csv (2 lines and areas left out: CSV holds places only)")
        }
    }

    @Test("an area's rings become polygons and holes: a ring inside an earlier one is its hole")
    func polygonRings() {
        let square = { (x: Double, size: Double) in
            [Coordinate(latitude: x, longitude: x), Coordinate(latitude: x, longitude: x + size), Coordinate(latitude: x + size, longitude: x + size),
             Coordinate(latitude: x + size, longitude: x)]
        }
        let polygons = PolygonRings.polygons(from: [square(0, 10), square(2, 2), square(20, 5)])
        #expect(polygons.map(\.count) == [2, 1])
    }
}

/// GPX written in GPX's own elements, so that other apps read them.
@Suite("GPX export in GPX's own elements")
struct GPXStandardElementsTests {
    @Test("a Garmin waypoint exported: ele, time, cmt, sym and type where GPX 1.1 puts them, in its order; read back the same")
    func garminRoundTrip() throws {
        let read = try PlaceFileReader(source: "file:/g.gpx", idPrefix: "").read(SourceTree.fixture("apps/garmin-basecamp.gpx"))
        let text = GPXWriter.write(read.places)
        let first = try #require(text.split(separator: "\n").first { $0.contains("Col de Porte") }.map(String.init))
        let order = ["<ele>1205.4</ele>", "<time>2024-07-13T06:40:00Z</time>", "<name>Col de Porte parking</name>",
                     "<desc>Fills up by 9 on Sundays</desc>", "<sym>Parking Area</sym>", "<type>user</type>", "<extensions>"]
        let positions = order.map { first.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "\(first)")
        #expect(zip(positions, positions.dropFirst()).allSatisfy { ($0.0 ?? first.endIndex) < ($0.1 ?? first.startIndex) }, "out of GPX's order: \(first)")
        #expect(!first.contains(#"name="ele""#) && !first.contains(#"name="sym""#), "standard fields written as extensions: \(first)")

        let again = try PlaceFileReader(source: "file:/g.gpx", idPrefix: "").read(Array(text.utf8)).places
        #expect(again.map(\.name) == read.places.map(\.name))
        #expect(again.map(\.category) == read.places.map(\.category))
        #expect(again.map(\.summary) == read.places.map(\.summary))
        #expect(again.map { $0.properties["ele"] } == read.places.map { $0.properties["ele"] })
        #expect(again[0].properties["extensions.WaypointExtension.Categories.Category#2"] == "Summer 2024")
    }
}
