import Foundation
import PlacesCore
import Testing

/// GPX waypoints, routes and tracks, as devices and apps write them.
@Suite("GPX reader")
struct GPXReaderTests {
    private func read(_ body: String, namespace: String = #"xmlns="http://www.topografix.com/GPX/1/1""#) throws(ImportError) -> ImportResult {
        try PlaceFileReader(source: "s", idPrefix: "").read(Array(#"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" \#(namespace)>\#(body)</gpx>"#.utf8))
    }

    @Test("a waypoint's name, description, symbol, link, elevation and extensions")
    func waypoint() throws {
        let result = try read("""
            <wpt lat="48.2082" lon="16.3738"><ele>171</ele><time>2024-05-01T10:00:00Z</time><name>Café Central</name>
            <desc>Coffee house &amp; more</desc><sym>Restaurant</sym>
            <link href="https://example.org/?a=1&amp;b=2&#x26;c=&#233;"><text>Website</text></link>
            <extensions><osmand:color xmlns:osmand="https://osmand.net">#ff0000</osmand:color></extensions></wpt>
            """)
        let place = try #require(result.places.first)
        #expect(place.name == "Café Central")
        #expect(place.summary == "Coffee house & more")
        #expect(place.category == .other("Restaurant"))
        #expect(place.link == "https://example.org/?a=1&b=2&c=é")
        #expect(place.coordinate == Coordinate(latitude: 48.2082, longitude: 16.3738))
        #expect(place.properties == ["ele": "171", "time": "2024-05-01T10:00:00Z", "link.text": "Website", "extensions.color": "#ff0000",
                                     "gpx:extensions": #"<osmand:color xmlns:osmand="https://osmand.net">#ff0000</osmand:color>"#])
        #expect(place.id == "wpt1")
    }

    @Test("a comment serves as the description when there is none; type wins over the symbol")
    func commentAndType() throws {
        let place = try #require(try read(#"<wpt lat="1" lon="2"><cmt>Parking</cmt><type>parking</type><sym>Car</sym></wpt>"#).places.first)
        #expect(place.summary == "Parking")
        #expect(place.category == .other("parking"))
        #expect(place.properties["sym"] == "Car")
        #expect(place.name == "Unnamed place 1")
    }

    @Test("routes and tracks are lines; a track's segments are its parts; their points' details are not properties")
    func routesAndTracks() throws {
        let result = try read("""
            <rte><name>Ring</name><rtept lat="48.2" lon="16.3"><ele>1</ele></rtept><rtept lat="48.21" lon="16.37"/></rte>
            <trk><name>Walk</name><type>hiking</type>
            <trkseg><trkpt lat="48.2" lon="16.3"><ele>170</ele><time>2024-05-01T10:00:00Z</time></trkpt><trkpt lat="48.3" lon="16.4"/></trkseg>
            <trkseg><trkpt lat="1" lon="2"/><trkpt lat="1.1" lon="2.1"/><trkpt lat="1.2" lon="2.2"/></trkseg></trk>
            """)
        #expect(result.places.isEmpty)
        #expect(result.shapes.map(\.name) == ["Ring", "Walk"])
        #expect(result.shapes.map(\.id) == ["rte1", "trk1"])
        #expect(result.shapes[1].parts.map(\.count) == [2, 3])
        #expect(result.shapes[1].properties == ["category": "hiking"])
        #expect(result.summary == "0 places; 2 lines")
    }

    @Test("a waypoint off the globe is skipped with its position; a track through one is skipped whole")
    func badPoints() throws {
        let result = try read("""
            <wpt lat="91" lon="2"><name>North</name></wpt>
            <wpt lat="1" lon="abc"/>
            <wpt lon="2"/>
            <trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1" lon="200"/></trkseg></trk>
            <trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>
            <wpt lat="1" lon="2"><name>Fine</name></wpt>
            """)
        #expect(result.places.map(\.name) == ["Fine"])
        #expect(result.reasons.count == 5)
        #expect(result.reasons[0].hasPrefix("waypoint 1 (line 1, column "))
        #expect(result.reasons[0].hasSuffix("): latitude 91.0 is out of range (-90...90)"))
        #expect(result.reasons[1].hasSuffix("longitude “abc” is not a number"))
        #expect(result.reasons[2].hasSuffix("it has no latitude"))
        #expect(result.reasons[3].contains("track 1 (line 4"))
        #expect(result.reasons[3].contains("the point at line 4"))
        #expect(result.reasons[3].hasSuffix("longitude 200.0 is out of range (-180...180)"))
        #expect(result.reasons[4].hasSuffix("it has no two points to draw a line between"))
    }

    @Test("GPX 1.0's namespace and a file without one read alike; another root is not GPX")
    func namespaces() throws {
        #expect(try read(#"<wpt lat="1" lon="2"/>"#, namespace: #"xmlns="http://www.topografix.com/GPX/1/0""#).places.count == 1)
        #expect(try read(#"<wpt lat="1" lon="2"/>"#, namespace: "").places.count == 1)
        #expect(throws: ImportError.notGPX("its <gpx> element belongs to “urn:other”, not to GPX 1.0 or 1.1")) {
            try read(#"<wpt lat="1" lon="2"/>"#, namespace: #"xmlns="urn:other""#)
        }
    }

    @Test("malformed XML says where and why, in words")
    func malformed() {
        func error(_ text: String) -> String {
            do {
                _ = try PlaceFileReader(source: "s").read(Array(text.utf8))
                return "read"
            } catch {
                return error.description
            }
        }
        #expect(error("<gpx><wpt lat=\"1\" lon=\"2\"></gpx>") == "not valid XML: line 1, column 33: an element is closed by a tag of another name")
        #expect(error("<gpx>\n<wpt lat=\"1\" lon=\"2\">") == "not valid XML: line 2, column 22: the text ends before the document does")
        #expect(error("<gpx><wpt lat=1 lon=\"2\"/></gpx>") == "not valid XML: line 1, column 15: an attribute is malformed")
        #expect(error("<gpx><name>&nbsp;</name></gpx>") == "not valid XML: line 1, column 18: an entity reference (&…;) that is not one of XML's five")
        #expect(error("<html><body/></html>") == "it is an XML document of another kind (its root element is <html>, not <gpx> or <kml>)")
    }
}
