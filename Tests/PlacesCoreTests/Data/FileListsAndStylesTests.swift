import Foundation
@testable import PlacesCore
import Testing

/// The lists other apps' files put places in (OsmAnd groups, My Maps layers, an Organic Maps list)
/// and the colours their KML styles give, read, and written back so that the app that wrote the
/// file finds them again.
@MainActor
@Suite("Lists and styles in other apps' files")
struct FileListsAndStylesTests {
    private func read(_ name: String) throws -> ImportResult {
        try PlaceFileReader(source: "file:/\(name)", idPrefix: "").read(SourceTree.fixture("apps/" + name))
    }

    private func read(text: String) throws -> ImportResult {
        try PlaceFileReader(source: "s", idPrefix: "").read(Array(text.utf8))
    }

    private static func rgb(_ hex: UInt32) -> RGB {
        RGB(Double(hex >> 16 & 0xFF) / 255, Double(hex >> 8 & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    /// The lists each place is in, by name.
    private func lists(_ result: ImportResult) -> [String: [String]] {
        var lists: [String: [String]] = [:]
        for name in result.groups.names {
            for id in result.groups.members(of: name) {
                if let place = result.places.first(where: { $0.id == id }) { lists[place.name, default: []].append(name) }
            }
        }
        return lists
    }

    /// The places as an export writes them after their import: the lists they are in as collections.
    private func exported(_ result: ImportResult) -> [ExportedPlace] {
        result.places.map { place in
            ExportedPlace(place, collections: result.groups.names.filter { result.groups.members(of: $0).contains(place.id) })
        }
    }

    @Test("OsmAnd: each favourite's group is its list, not its kind; a GPX export gives the group back in <type>, marked as one for Places")
    func osmAndGroups() throws {
        let result = try read("osmand-favourites.gpx")
        #expect(result.groups.names == ["Lyon", "Food"])
        #expect(lists(result) == ["Fourvière esplanade": ["Lyon"], "Halles Paul Bocuse": ["Food"]])
        #expect(result.places.map(\.category) == [.other(""), .other("")], "a group names no kind")
        #expect(result.places[0].properties["type"] == "Lyon", "kept, for OsmAnd")

        let text = GPXWriter.write(exported(result))
        #expect(text.contains("<type>Lyon</type>"), "\(text)")
        let again = try read(text: text)
        #expect(again.places.map(\.category) == result.places.map(\.category))
        #expect(lists(again) == lists(result))
        #expect(again.places.map(\.properties) == result.places.map(\.properties), "read back the same")
    }

    @Test("Organic Maps: the file is one list, named as the document")
    func organicMapsList() throws {
        let result = try read("organic-maps-bookmarks.kml")
        #expect(result.groups.names == ["Lyon weekend"])
        #expect(result.groups.members(of: "Lyon weekend") == result.places.map(\.id))
        #expect(result.places.map { FileColour.of($0.properties) } == [Self.rgb(0xE51B23), Self.rgb(0x0066CC)], "red and blue placemarks")
    }

    @Test("Google My Maps: each layer is a list; icon and line colours come through the StyleMaps; a KML export writes the styles it names")
    func myMaps() throws {
        let result = try read("google-my-maps.kml")
        #expect(result.places.map(\.name) == ["Musée des Confluences", "Traboule, 54 rue Saint-Jean", "Les Halles Paul Bocuse"])
        #expect(result.groups.names == ["Sights", "Food"])
        #expect(lists(result) == ["Musée des Confluences": ["Sights"], "Traboule, 54 rue Saint-Jean": ["Sights"], "Les Halles Paul Bocuse": ["Food"]])
        #expect(result.shapes.first?.properties["folder"] == "Food", "a line, in no collection, keeps its layer")
        #expect(result.places.map { FileColour.of($0.properties) } == [Self.rgb(0x0288D1), Self.rgb(0x0288D1), Self.rgb(0xE65100)])
        #expect(result.shapes.first.flatMap { FileColour.ofLine($0.properties) } == Self.rgb(0x7CB342), "the LineStyle's colour, aabbggrr")
        #expect(result.places[0].properties["Opening hours"] == "Tue–Sun 11–19")

        let text = KMLWriter.write(exported(result), shapes: result.shapes, title: "Lyon, three days")
        #expect(text.components(separatedBy: #"<Style id="icon-1899-0288D1">"#).count == 2, "each style written once: \(text)")
        #expect(text.contains(#"<Style id="line-7CB342-5000"><LineStyle><color>ff42b37c</color><width>5</width></LineStyle></Style>"#), "\(text)")
        #expect(text.contains("<styleUrl>#icon-1577-E65100</styleUrl>"), "\(text)")
        #expect(!text.contains(#"<Data name="styleUrl">"#) && !text.contains("kml:style"), "KML's own elements, not data: \(text)")
        #expect(text.contains("<Folder><name>Sights</name>"), "\(text)")
        let again = try read(text: text)
        #expect(lists(again) == lists(result))
        #expect(again.places.map { FileColour.of($0.properties) } == result.places.map { FileColour.of($0.properties) })
        #expect(again.places.map(\.properties) == result.places.map(\.properties), "read back the same")
        #expect(again.shapes.first.flatMap { FileColour.ofLine($0.properties) } == Self.rgb(0x7CB342))
    }

    @Test("any KML: a StyleMap whose name says nothing, a placemark's own Style; an address and a phone number in KML's own elements")
    func styleResolution() throws {
        let result = try read(text: """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Style id="b-n"><IconStyle><color>ff7e3527</color></IconStyle></Style>
            <StyleMap id="blue"><Pair><key>highlight</key><styleUrl>#nowhere</styleUrl></Pair><Pair><key>normal</key><styleUrl>#b-n</styleUrl></Pair></StyleMap>
            <Placemark><name>Mapped</name><description>Corner shop</description><address>1 Main St</address><phoneNumber>+1 555 0100</phoneNumber><styleUrl>#blue</styleUrl>
              <Point><coordinates>1,2</coordinates></Point></Placemark>
            <Placemark><name>Own</name><Style><IconStyle><color>ff00ff00</color></IconStyle></Style><Point><coordinates>3,4</coordinates></Point></Placemark>
            <Placemark><name>Unknown</name><styleUrl>#missing</styleUrl><Point><coordinates>5,6</coordinates></Point></Placemark>
            </Document></kml>
            """)
        #expect(result.places.map { FileColour.of($0.properties) } == [Self.rgb(0x27357E), Self.rgb(0x00FF00), nil])
        let text = KMLWriter.write(result.places, title: "t")
        #expect(text.contains(#"<Style id="blue"><IconStyle><color>ff7e3527</color></IconStyle></Style>"#), "\(text)")
        #expect(text.contains("<Style><IconStyle><color>ff00ff00</color></IconStyle></Style>"), "its own style stays its own: \(text)")
        #expect(text.contains("<address>1 Main St</address><phoneNumber>+1 555 0100</phoneNumber>"), "\(text)")
        let again = try read(text: text)
        #expect(again.places.map(\.properties) == result.places.map(\.properties), "read back the same")

        // A KML in no namespace (older tools write one) is styled the same.
        let bare = try read(text: #"<kml><Document><Style id="s"><IconStyle><color>ff0000ff</color></IconStyle></Style>"#
            + #"<Placemark><name>Red</name><styleUrl>#s</styleUrl><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>"#)
        #expect(bare.places.map { FileColour.of($0.properties) } == [RGB(1, 0, 0)], "\(bare.places.map(\.properties))")
    }

    @Test("what a file says about itself goes back with its section: OsmAnd's group colours and icons, an Organic Maps list's mwm: data, a My Maps map's name")
    func documentLevelData() throws {
        let osmand = try read("osmand-favourites.gpx")
        let groups = try #require(osmand.tally.document.foreign)
        #expect(groups.contains(##"<osmand:points_groups xmlns:osmand="https://osmand.net/docs/technical/osmand-file-formats/osmand-gpx"><group name="Lyon" color="#eecc22" icon="tourism_viewpoint" background="circle">"##), "\(groups)")
        #expect(osmand.tally.document.name == "favourites")
        let gpx = ExportText.collect { emit in
            var document = GPXWriter.Document(file: osmand.tally.document)
            document.write(exported(osmand), shapes: [], emit: emit)
        }
        #expect(gpx.contains("<metadata><name>favourites</name></metadata>") && gpx.contains("<extensions>" + groups + "</extensions>\n</gpx>"), "\(gpx)")
        #expect(try read(text: gpx).tally.document == osmand.tally.document, "read back the same")

        let organic = try read("organic-maps-bookmarks.kml")
        #expect(organic.tally.document.name == "Lyon weekend")
        let list = try #require(organic.tally.document.foreign)
        #expect(list.contains(#"<mwm:lastModified xmlns:mwm="https://omaps.app">2024-09-14T08:11:02Z</mwm:lastModified>"#), "\(list)")
        let myMaps = try read("google-my-maps.kml")
        for (result, title) in [(organic, "Lyon weekend"), (myMaps, "Lyon, three days")] {
            let kml = ExportText.collect { emit in
                var document = KMLWriter.Document(title: "section title", file: result.tally.document)
                document.write(exported(result), shapes: result.shapes, emit: emit)
            }
            #expect(kml.contains("<Document><name>\(title)</name>"), "\(kml)")
            #expect(try read(text: kml).tally.document == result.tally.document, "read back the same")
        }
    }
}

