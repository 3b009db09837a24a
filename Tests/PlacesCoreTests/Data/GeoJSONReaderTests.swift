import PlacesCore
import Testing

/// How GeoJSON features become places: names, summaries, categories, ids and kept properties.
@Suite("GeoJSON reader")
struct GeoJSONReaderTests {
    /// Reads one Point feature at (48.85, 2.35) with `properties` (a JSON object's members).
    private func place(properties: String, id: String? = nil, source: PlaceSource.ID = PlaceSource.bundledID) throws -> Place {
        let idMember = id.map { #""id":\#($0),"# } ?? ""
        let text = #"{"type":"Feature",\#(idMember)"geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{\#(properties)}}"#
        let result = try GeoJSONReader(source: source).read(Array(text.utf8))
        return try #require(result.places.first)
    }

    @Test("the name comes from name, title, Name or NAME", arguments: ["name", "title", "Name", "NAME", "Title"])
    func nameKeys(key: String) throws {
        #expect(try place(properties: #""\#(key)":"Gare de Lyon""#).name == "Gare de Lyon")
    }

    @Test("the summary comes from description, desc or summary", arguments: ["description", "desc", "summary", "Description"])
    func summaryKeys(key: String) throws {
        #expect(try place(properties: #""name":"X","\#(key)":"A station""#).summary == "A station")
    }

    @Test("the category comes from category, amenity, tourism, shop, type or featurecla, ignoring case",
          arguments: ["category", "amenity", "tourism", "shop", "type", "featurecla", "FeatureCla", "AMENITY"])
    func categoryKeys(key: String) throws {
        #expect(try place(properties: #""name":"X","\#(key)":"aerodrome""#).category == .airport)
    }

    @Test("category values are read case-insensitively, unknown ones kept as they are")
    func categoryValues() throws {
        #expect(try place(properties: #""featurecla":"Admin-0 capital""#).category == .capital)
        #expect(try place(properties: #""tourism":"Monument""#).category == .landmark)
        #expect(try place(properties: #""type":" Town ""#).category == .city)
        #expect(try place(properties: #""amenity":"Research Station""#).category == .station)
        #expect(try place(properties: #""shop":"bakery""#).category == .other("bakery"))
        #expect(try place(properties: #""name":"X""#).category == .other(""))
    }

    @Test("other properties are kept with what they were (a string, a number as written, a boolean, a null), nested objects' and arrays' ones by their path")
    func otherProperties() throws {
        let place = try place(properties: #"""
            "name":"Zürich","country":"Switzerland","population":421878,"area":87.88,"capital":false,
            "alt":null,"tags":["a",null],"extra":{"x":1.50e3},"title":"Zurich","ref":"1234"
            """#)
        let typed = place.properties.typed
        #expect(typed.map(\.key) == ["alt", "area", "capital", "country", "extra.x", "population", "ref", "tags#1", "tags#2", "title"])
        #expect(typed.map(\.value) == ["", "87.88", "false", "Switzerland", "1.50e3", "421878", "1234", "a", "", "Zurich"])
        #expect(typed.map(\.kind) == [.null, .number, .boolean, .text, .number, .number, .text, .text, .null, .text])
    }

    @Test("an array's values are kept by position, nested ones too; past 1,000 values a list is cut, and the import says so")
    func arrays() throws {
        let nested = try place(properties: #""name":"X","list":["Weekend","Lyon"],"tags":[{"k":"cuisine","v":"pizza"}],"m":[[1,2]]"#)
        #expect(nested.properties == PlaceProperties(typed: [
            ("list#1", "Weekend", .text), ("list#2", "Lyon", .text), ("tags#1.k", "cuisine", .text), ("tags#1.v", "pizza", .text),
            ("m#1#1", "1", .number), ("m#1#2", "2", .number),
        ]))
        let long = "[" + (1...1500).map(String.init).joined(separator: ",") + "]"
        let text = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"n":\#(long)}}"#
        let result = try GeoJSONReader(source: "s").read(Array(text.utf8))
        #expect(result.places[0].properties.count == 1000)
        #expect(result.places[0].properties["n#1000"] == "1000")
        #expect(result.tally.notes == ["lists of more than 1,000 values in properties were cut to their first 1,000"])
    }

    @Test("names are trimmed, and a place without one gets a numbered name")
    func namesTrimmedOrNumbered() throws {
        #expect(try place(properties: #""name":"  Lyon \n""#).name == "Lyon")
        #expect(try place(properties: #""name":"   ""#).name == "Unnamed place 1")
        #expect(try place(properties: #""name":42"#).name == "42")
        #expect(try place(properties: #""name":["x"]"#).name == "Unnamed place 1")
    }

    @Test("names keep markup characters, quotes and non-ASCII text as they are")
    func namesArePlainText() throws {
        #expect(try place(properties: #""name":"<b>Tom & Jerry's</b> \"studio\" 東京 🗼""#).name == "<b>Tom & Jerry's</b> \"studio\" 東京 🗼")
    }

    @Test("ids come from the feature id, or its position; imported files prefix them with the source")
    func ids() throws {
        #expect(try place(properties: "", id: #""paris""#).id == "paris")
        #expect(try place(properties: "", id: "7").id == "7")
        #expect(try place(properties: "").id == "1")
        #expect(try place(properties: "", id: #""a""#, source: "file:/tmp/x.geojson").id == "file:/tmp/x.geojson/a")
        #expect(try place(properties: "", source: "file:/tmp/x.geojson").source == "file:/tmp/x.geojson")
        let custom = try GeoJSONReader(source: "s", idPrefix: "p-").read(Array(#"{"type":"Point","coordinates":[1,2]}"#.utf8))
        #expect(custom.places.map(\.id) == ["p-1"])
    }

    @Test("repeated ids in a file become unique, first come first kept, so every place is kept")
    @MainActor
    func duplicateIDs() throws {
        // Feature 2 has no id and falls back to "2", which feature 3 claims explicitly; features 4
        // and 5 share an id, and feature 6 claims the name feature 5 would get.
        let features = [#""id":"a","#, "", #""id":2,"#, #""id":"b","#, #""id":"b","#, #""id":"b~2","#, #""id":"a","#]
            .map { #"{"type":"Feature",\#($0)"geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"# }
        let text = #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
        let reader = GeoJSONReader(source: "file:/tmp/x.geojson")

        let result = try reader.read(Array(text.utf8))

        let local = ["a", "2", "2~2", "b", "b~2", "b~2~2", "a~2"]
        #expect(result.places.map(\.id) == local.map { "file:/tmp/x.geojson/" + $0 })
        #expect(try reader.read(Array(text.utf8)).places.map(\.id) == result.places.map(\.id))
        let model = PlacesModel(places: result.places)
        #expect(model.places.count == result.places.count)
        for place in result.places {
            #expect(model.places.place(withID: place.id)?.coordinate == place.coordinate)
        }
    }

    @Test("a MultiPoint gives one place per position, numbered after the feature id")
    func multiPointIDs() throws {
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":"m","geometry":{"type":"MultiPoint","coordinates":[[1,2],[3,4]]},"properties":{"name":"Pair"}},{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[5,6]]},"properties":null}]}"#
        let result = try GeoJSONReader(source: PlaceSource.bundledID).read(Array(text.utf8))
        #expect(result.places.map(\.id) == ["m#1", "m#2", "2#1"])
        #expect(result.places.map(\.name) == ["Pair", "Pair", "Unnamed place 2"])
        #expect(result.places.map(\.coordinate) == [
            Coordinate(latitude: 2, longitude: 1), Coordinate(latitude: 4, longitude: 3), Coordinate(latitude: 6, longitude: 5),
        ])
    }

    @Test("the summary of an import counts places, lines, areas, skipped features and ignored geometries")
    func importSummary() throws {
        func summary(_ features: [String]) throws -> String {
            let text = #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
            return try GeoJSONReader(source: "s").read(Array(text.utf8)).summary
        }
        let good = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}"#
        let bad = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,200]}}"#
        let line = #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}"#
        let area = #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[1,2],[3,4],[5,6]]]}}"#
        let collection = #"{"type":"Feature","geometry":{"type":"GeometryCollection","geometries":[]}}"#
        #expect(try summary([]) == "0 places")
        #expect(try summary([good]) == "1 place")
        #expect(try summary([good, good, good, bad, line, line]) == "3 places; 2 lines; 1 feature skipped")
        #expect(try summary([good, bad, bad, bad, bad, area, collection]) == "1 place; 1 area; 4 features skipped; 1 geometry collection ignored")
    }
}
