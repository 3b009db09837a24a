/// Points as GPX waypoints (as a Garmin device or GPSBabel writes them: elevation, time, name, comment,
/// description, symbol, type), KML placemarks (name, description, extended data) and CSV rows (the
/// columns of a spreadsheet of addresses), from a seeded generator.
public enum SyntheticFormats {
    private struct Point {
        var name: String
        var description: String
        var kind: String
        var elevation: Int
        var latitude: Double
        var longitude: Double
        var street: String
        var postcode: Int
        var city: String
    }

    private static func points(count: Int, seed: UInt64) -> [Point] {
        var random = SplitMix64(seed: seed)
        let kinds = ["cafe", "restaurant", "bakery", "museum", "viewpoint", "pharmacy"]
        let streets = ["Hauptstraße", "Rua Augusta", "High Street", "Calle Mayor", "Rue de Rivoli", "Main St"]
        let cities = ["Wien", "Lisboa", "London", "Madrid", "Paris", "Springfield"]
        return (0..<count).map { number in
            Point(name: "Place \(number) Café", description: "A small place & more, since \(1900 + random.below(120))",
                  kind: random.pick(kinds), elevation: random.below(3000),
                  latitude: Double(random.below(1_700_000) - 850_000) / 10_000, longitude: Double(random.below(3_600_000) - 1_800_000) / 10_000,
                  street: "\(random.pick(streets)) \(1 + random.below(200))", postcode: 10_000 + random.below(89_999), city: random.pick(cities))
        }
    }

    public static func gpx(count: Int, seed: UInt64) -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<gpx version="1.1" creator="places-bench" xmlns="http://www.topografix.com/GPX/1/1">"# + "\n"
        for point in points(count: count, seed: seed) {
            text += #"<wpt lat="\#(point.latitude)" lon="\#(point.longitude)"><ele>\#(point.elevation)</ele><time>2024-05-01T10:00:00Z</time>"#
            text += "<name>\(point.name)</name><cmt>\(point.street)</cmt><desc>\(point.description.replacingAmpersands)</desc>"
            text += "<sym>Flag, Blue</sym><type>\(point.kind)</type></wpt>\n"
        }
        return Array((text + "</gpx>\n").utf8)
    }

    public static func kml(count: Int, seed: UInt64) -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Places</name>"# + "\n"
        for point in points(count: count, seed: seed) {
            text += "<Placemark><name>\(point.name)</name><description>\(point.description.replacingAmpersands)</description>"
            text += #"<ExtendedData><Data name="kind"><value>\#(point.kind)</value></Data><Data name="ele"><value>\#(point.elevation)</value></Data></ExtendedData>"#
            text += "<Point><coordinates>\(point.longitude),\(point.latitude),0</coordinates></Point></Placemark>\n"
        }
        return Array((text + "</Folder></Document></kml>\n").utf8)
    }

    public static func csv(count: Int, seed: UInt64) -> [UInt8] {
        var text = "name,description,kind,address,postcode,city,country,phone,website,ele,lat,lon\n"
        for (number, point) in points(count: count, seed: seed).enumerated() {
            text += "\(point.name),\"\(point.description)\",\(point.kind),\(point.street),\(point.postcode),\(point.city),"
            text += "Somewhere,+43 1 \(point.postcode),https://example.org/places/\(number),\(point.elevation),\(point.latitude),\(point.longitude)\n"
        }
        return Array(text.utf8)
    }
}

private extension String {
    var replacingAmpersands: String { split(separator: "&", omittingEmptySubsequences: false).joined(separator: "&amp;") }
}
