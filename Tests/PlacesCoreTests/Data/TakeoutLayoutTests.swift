import PlacesCore
import Testing

/// Google Takeout's exports of Google Maps places, in the layouts Takeout has written (the structure
/// copied from real exports, the values made up): what people are most likely to bring.
@Suite("Google Takeout layouts")
struct TakeoutLayoutTests {
    private func read(_ text: String) throws -> ImportResult {
        try GeoJSONReader(source: "saved").read(Array(text.utf8))
    }

    /// "Saved Places.json" since 2023 (`Fixtures/takeout-saved-places.json`, shared with the GUI test):
    /// name and address under `location`, the link in `google_maps_url`, and a place Google has no
    /// position for written at 0, 0 with a comment saying so.
    private var savedPlaces: String {
        get throws { try String(contentsOf: SourceTree.fixtures.appendingPathComponent("takeout-saved-places.json"), encoding: .utf8) }
    }

    /// "Saved Places.json" before 2023: `Title`, `Google Maps URL` and a `Location` object.
    private let olderSavedPlaces = #"""
    {"type":"FeatureCollection","features":[{"geometry":{"coordinates":[2.2944813,48.8583701],"type":"Point"},
     "properties":{"Google Maps URL":"http://maps.google.com/?cid=9001",
      "Location":{"Address":"Champ de Mars, 5 Av. Anatole France, 75007 Paris, France","Business Name":"Eiffel Tower",
       "Country Code":"FR","Geo Coordinates":{"Latitude":"48.8583701","Longitude":"2.2944813"}},
      "Published":"2019-08-17T12:00:00Z","Title":"Eiffel Tower","Updated":"2019-08-17T12:00:00Z"},"type":"Feature"}]}
    """#

    /// "Labelled places.json": a flat `name` and `address`.
    private let labelledPlaces = #"""
    {"type":"FeatureCollection","features":[{"geometry":{"coordinates":[13.4049,52.52],"type":"Point"},
     "properties":{"address":"Unter den Linden 1, 10117 Berlin, Germany","name":"Office"},"type":"Feature"}]}
    """#

    @Test("saved places: the name and address come from location, the link from google_maps_url")
    func savedPlacesLayout() throws {
        let result = try read(try savedPlaces)
        let place = try #require(result.places.first)
        #expect(place.name == "Café Diglas")
        #expect(place.summary == "Stephansplatz 3, 1010 Wien, Austria")
        #expect(place.link == "http://maps.google.com/?cid=1386911046536468830")
        #expect(place.properties["location.country_code"] == "AT")
        #expect(place.properties["date"] == "2024-03-02T09:14:51Z")
        #expect(place.properties["location.name"] == nil, "the name is not kept twice")
    }

    @Test("a saved place without a location is skipped with Takeout's reason, not put at 0°, 0°")
    func placeWithoutLocation() throws {
        let result = try read(try savedPlaces)
        #expect(result.places.count == 1)
        #expect(result.skippedFeatures == 1)
        #expect(result.reasons == ["feature 2: it has no location (“No location information is available for this saved place”)"])
    }

    @Test("older saved places: Title names it, the address and the Google Maps URL are kept")
    func olderLayout() throws {
        let place = try #require(try read(olderSavedPlaces).places.first)
        #expect(place.name == "Eiffel Tower")
        #expect(place.summary == "Champ de Mars, 5 Av. Anatole France, 75007 Paris, France")
        #expect(place.link == "http://maps.google.com/?cid=9001")
        #expect(place.properties["Location.Business Name"] == nil, "the same name is not kept twice")
        #expect(place.properties["Location.Geo Coordinates.Latitude"] == "48.8583701")
    }

    @Test("labelled places: name and address")
    func labelledLayout() throws {
        let place = try #require(try read(labelledPlaces).places.first)
        #expect(place.name == "Office")
        #expect(place.summary == "Unter den Linden 1, 10117 Berlin, Germany")
    }

    @Test("the business name names a place with no title")
    func businessNameAlone() {
        let fields = FeatureFields([("Location.Business Name", "Sacher"), ("Location.Address", "Philharmoniker Str. 4")])
        #expect(fields.name == "Sacher")
        #expect(fields.summary == "Philharmoniker Str. 4")
        #expect(fields.kept.isEmpty)
    }

    @Test("a link that is not a web address is not offered; http and https in any case are")
    func notAWebLink() {
        for notWeb in ["file:///etc/passwd", "http:/x", "https:", "httpx://a", "htt", "ftp://example.org", "https//x"] {
            #expect(FeatureFields([("url", notWeb)]).link == nil, "\(notWeb)")
        }
        for web in ["https://example.org/x", "HTTP://EXAMPLE.ORG", "Https://a", "http://"] {
            #expect(FeatureFields([("url", web)]).link == web)
        }
    }

    @Test("exporting keeps the link: it reads back the same")
    func linkRoundTrip() throws {
        let place = try #require(try read(try savedPlaces).places.first)
        let again = try #require(try read(GeoJSONWriter.write([place])).places.first)
        #expect(again.link == place.link)
        #expect(again.summary == place.summary)
        #expect(again.name == place.name)
    }
}
