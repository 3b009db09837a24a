import PlacesCore
import Testing

/// Files in the structure other apps write (`Fixtures/apps`, each file's header says which app and
/// version, and where the structure is documented), read as an import reads them.
@Suite("Files other apps write")
struct AppFilesTests {
    private func read(_ name: String) throws -> ImportResult {
        try PlaceFileReader(source: "file:/\(name)", idPrefix: "").read(SourceTree.fixture("apps/" + name))
    }

    @Test("Garmin BaseCamp: the symbol names the kind, not the generic “user” type; every category is kept")
    func garminBaseCamp() throws {
        let result = try read("garmin-basecamp.gpx")
        #expect(result.places.map(\.name) == ["Col de Porte parking", "Chamechaude", "Gîte des Écrins"])
        #expect(result.places.map(\.category) == [.other("Parking Area"), .landmark, .other("Lodging")])
        #expect(result.places.map(\.category.displayName) == ["Parking Area", "Landmark", "Lodging"])
        #expect(result.places[1].properties["sym"] == "Summit", "the symbol stays as Garmin wrote it")
        let parking = result.places[0]
        #expect(parking.summary == "Fills up by 9 on Sundays")
        #expect(parking.properties["type"] == "user", "the generic type is kept for export")
        #expect(parking.properties["ele"] == "1205.4")
        #expect(parking.properties["time"] == "2024-07-13T06:40:00Z")
        #expect(parking.properties["extensions.WaypointExtension.Categories.Category"] == "Chartreuse")
        #expect(parking.properties["extensions.WaypointExtension.Categories.Category#2"] == "Summer 2024")
        let gite = result.places[2]
        #expect(gite.summary == "Dorm beds, breakfast at 7")
        #expect(gite.properties["extensions.WaypointExtension.Address.City"] == "Grenoble")
        #expect(gite.properties["extensions.WaypointExtension.PhoneNumber"] == "+33 4 76 00 00 00")
        #expect(result.skippedFeatures == 0)
    }
}

extension AppFilesTests {
    @Test("GNOME Maps before 46 (Debian 12's maps-places.json): the favourites, with address, web site and every OpenStreetMap field; recent places and routes left out, and said so")
    func gnomeMaps43() throws {
        let result = try read("gnome-maps-43-maps-places.json")
        #expect(result.places.map(\.name) == ["Le Café de la Table Ronde", "Chamechaude"])
        let cafe = result.places[0]
        #expect(cafe.id == "1/1427361592")
        #expect(cafe.coordinate == Coordinate(latitude: 45.1925771, longitude: 5.7303845))
        #expect(cafe.summary == "7 Place Saint-André, 38000 Grenoble, France")
        #expect(cafe.link == "https://www.cafetableronde.com")
        #expect(cafe.category == .other("restaurant"))
        #expect(cafe.properties["note"] == "Oldest café in Grenoble, 1739")
        #expect(cafe.properties["phone"] == "+33 4 76 44 51 41")
        #expect(cafe.properties["entry.added"] == "1719813600000")
        #expect(cafe.properties["location.altitude"] == nil, "GNOME Maps' “unknown altitude” is no altitude")
        #expect(cafe.properties["website"] == nil, "the link is not kept twice")
        #expect(result.places[1].category == .landmark)
        #expect(result.places[1].properties["location.altitude"] == "2082")
        #expect(result.tally.notes == ["1 recent place left out: only favourites are imported", "1 recent route left out"])
        #expect(result.skippedFeatures == 0)
    }

    @Test("GNOME Maps 46 and later (gnome-maps/places.json): the favourites, OpenStreetMap tags kept by path")
    func gnomeMaps47() throws {
        let result = try read("gnome-maps-47-places.json")
        #expect(result.places.map(\.name) == ["Le Café de la Table Ronde", "Chamechaude"])
        let cafe = result.places[0]
        #expect(cafe.summary == "7 Place Saint-André, 38000 Grenoble, France")
        #expect(cafe.link == "https://www.cafetableronde.com")
        #expect(cafe.properties["osmTags.note"] == "Oldest café in Grenoble, 1739")
        #expect(cafe.properties["osmTags.opening_hours"] == "Mo-Sa 07:00-01:00")
        #expect(cafe.properties["entry.isFavorite"] == "true")
        #expect(result.tally.notes == ["1 recent place left out: only favourites are imported", "1 recent route left out"])
    }

    @Test("a GNOME Maps file is told from GeoJSON by its content, whatever its name; a top-level array of features is still not GeoJSON")
    func gnomeMapsDetected() throws {
        let geoJSON = Array(#"{"name":"x","crs":{},"features":[],"type":"FeatureCollection"}"#.utf8)
        #expect(try PlaceFileReader(source: "s").read(geoJSON).places.isEmpty)
        let array = Array(#"[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}]"#.utf8)
        #expect(throws: ImportError.notGeoJSON("the top level is an array, not an object")) { try PlaceFileReader(source: "s").read(array) }
        let empty = Array(#"{"places":[]}"#.utf8)
        #expect(try PlaceFileReader(source: "s").read(empty).places.isEmpty)
    }
}

extension AppFilesTests {
    @Test("OsmAnd favourites: the HTML description shown as text and written back as it came; osmand: extensions written back in their namespace")
    func osmAndFavourites() throws {
        let result = try read("osmand-favourites.gpx")
        #expect(result.places.map(\.name) == ["Fourvière esplanade", "Halles Paul Bocuse"])
        let view = result.places[0]
        #expect(view.summary == "View over the city from the esplanade\nBest at sunset")
        #expect(view.properties["extensions.color"] == "#eecc22")
        #expect(view.properties["extensions.address"] == "Place de Fourvière, 69005 Lyon")

        // As the window exports them: each in the collection its group became.
        let text = GPXWriter.write(result.places.map { place in
            ExportedPlace(place, collections: result.groups.names.filter { result.groups.members(of: $0).contains(place.id) })
        })
        let first = try #require(text.split(separator: "\n").first { $0.contains("Fourvière esplanade") }.map(String.init))
        #expect(first.contains("<desc>&lt;p&gt;View over the city from the &lt;b&gt;esplanade&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Best at sunset&lt;/p&gt;</desc>"), "\(first)")
        let osmand = #"xmlns:osmand="https://osmand.net/docs/technical/osmand-file-formats/osmand-gpx""#
        #expect(first.contains(#"<osmand:icon \#(osmand)>tourism_viewpoint</osmand:icon>"#), "\(first)")
        #expect(first.contains(#"<osmand:color \#(osmand)>#eecc22</osmand:color>"#), "\(first)")
        #expect(!first.contains(#"name="extensions."#), "an extension written twice: \(first)")
        let again = try PlaceFileReader(source: "s", idPrefix: "").read(Array(text.utf8)).places
        #expect(again.map(\.summary) == result.places.map(\.summary))
        #expect(again.map(\.properties) == result.places.map(\.properties), "read back the same")
    }

    @Test("Garmin's extensions go back as Garmin wrote them: gpxx:WaypointExtension with both categories, wptx1 beside it")
    func garminVerbatim() throws {
        let result = try read("garmin-basecamp.gpx")
        let text = GPXWriter.write(result.places)
        let gpxx = #"xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3""#
        #expect(text.contains(#"<extensions><gpxx:WaypointExtension \#(gpxx)><gpxx:DisplayMode>SymbolAndName</gpxx:DisplayMode><gpxx:Categories><gpxx:Category>Chartreuse</gpxx:Category><gpxx:Category>Summer 2024</gpxx:Category></gpxx:Categories></gpxx:WaypointExtension><wptx1:WaypointExtension xmlns:wptx1="http://www.garmin.com/xmlschemas/WaypointExtension/v1">"#),
                "\(text)")
        let again = try PlaceFileReader(source: "s", idPrefix: "").read(Array(text.utf8)).places
        #expect(again.map(\.properties) == result.places.map(\.properties), "read back the same")
    }
}

extension AppFilesTests {
    @Test("Organic Maps bookmarks: TimeStamp and colour kept; the mwm: ExtendedData written back as it came, every language of the name in it")
    func organicMaps() throws {
        let result = try read("organic-maps-bookmarks.kml")
        #expect(result.places.map(\.name) == ["Basilique de Fourvière", "Café Mokxa"])
        let basilica = result.places[0]
        #expect(basilica.summary == "Climb up early")
        #expect(basilica.properties["TimeStamp"] == "2024-09-13T16:40:00Z")
        #expect(basilica.properties["styleUrl"] == "#placemark-red")
        let kept = try #require(basilica.properties["kml:extendedData"])
        #expect(kept.contains(#"<mwm:lang xmlns:mwm="https://omaps.app" code="en">"#) == false, "the namespace is declared where it is first used")
        #expect(kept.contains(#"<mwm:name xmlns:mwm="https://omaps.app"><mwm:lang code="default">Basilique Notre-Dame de Fourvière</mwm:lang><mwm:lang code="en">Basilica of Notre-Dame de Fourvière</mwm:lang></mwm:name>"#), "\(kept)")

        let text = KMLWriter.write(result.places, title: "Lyon weekend")
        let first = try #require(text.split(separator: "\n").first { $0.contains("Basilique de Fourvière") }.map(String.init))
        #expect(first.contains("<TimeStamp><when>2024-09-13T16:40:00Z</when></TimeStamp>"), "\(first)")
        #expect(first.contains(#"<mwm:featureTypes xmlns:mwm="https://omaps.app"><mwm:value>amenity-place_of_worship-christian</mwm:value><mwm:value>tourism-attraction</mwm:value></mwm:featureTypes>"#), "\(first)")
        let again = try PlaceFileReader(source: "s", idPrefix: "").read(Array(text.utf8)).places
        #expect(again.map(\.properties) == result.places.map(\.properties), "read back the same")

        // Into GPX, the KML's time is the waypoint's time.
        let gpx = GPXWriter.write(result.places)
        #expect(gpx.contains("<time>2024-09-13T16:40:00Z</time><name>Basilique de Fourvière</name>"), "\(gpx)")
    }
}

extension AppFilesTests {
    @Test("Google My Maps: a link in an HTML description keeps its target in the text; the HTML goes back to KML as it came")
    func myMapsDescription() throws {
        let kml = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Trip</name><Folder><name>Museums</name>
              <Placemark><name>Musée des Confluences</name>
                <description><![CDATA[Science and societies<br><a href="https://www.museedesconfluences.fr" target="_blank">Website</a><br><img src="https://example.org/a.jpg" height="200" width="auto" />]]></description>
                <styleUrl>#icon-1636-0288D1</styleUrl><Point><coordinates>4.8181,45.7326,0</coordinates></Point></Placemark>
            </Folder></Document></kml>
            """#
        let place = try #require(try PlaceFileReader(source: "s", idPrefix: "").read(Array(kml.utf8)).places.first)
        #expect(place.summary == "Science and societies\nWebsite (https://www.museedesconfluences.fr)")
        let text = KMLWriter.write([place], title: "Trip")
        #expect(text.contains(#"<description>Science and societies&lt;br&gt;&lt;a href=&quot;https://www.museedesconfluences.fr&quot; target=&quot;_blank&quot;&gt;Website&lt;/a&gt;"#), "\(text)")
        let again = try #require(try PlaceFileReader(source: "s", idPrefix: "").read(Array(text.utf8)).places.first)
        #expect(again.summary == place.summary && again.properties == place.properties)
    }
}
