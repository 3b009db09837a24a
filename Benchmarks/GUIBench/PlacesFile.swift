import Foundation
import TestingSupport

/// Writes a file of `count` places scattered around real cities (seeded, so every run maps the same),
/// as GeoJSON, GPX waypoints or KML placemarks: the same points, names and kinds in each.
enum PlacesFile {
    enum Format: String, CaseIterable {
        case geojson, gpx, kml

        var label: String { self == .geojson ? "GeoJSON" : rawValue.uppercased() }
    }

    static func write(count: Int, citiesFile: URL, to url: URL, as format: Format = .geojson) throws {
        let cities = try String(contentsOf: citiesFile, encoding: .utf8).split(separator: "\n").dropFirst()
            .compactMap { line -> (Double, Double)? in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 4, let lat = Double(fields[2]), let lon = Double(fields[3]) else { return nil }
                return (lat, lon)
            }
        var random = SplitMix64(seed: 0x9e37_79b9)
        let kinds = ["cafe", "museum", "park", "restaurant", "library", "viewpoint"]
        var text = header(format)
        for index in 0..<count {
            let (lat, lon) = cities[Int(random.next() % UInt64(cities.count))]
            let dLat = (random.unit() - 0.5) * 0.6, dLon = (random.unit() - 0.5) * 0.8
            let latitude = String(format: "%.5f", max(-85, min(85, lat + dLat)))
            let longitude = String(format: "%.5f", max(-180, min(180, lon + dLon)))
            let kind = kinds[index % kinds.count]
            switch format {
            case .geojson:
                text += "{\"type\":\"Feature\",\"id\":\"p\(index)\",\"geometry\":{\"type\":\"Point\",\"coordinates\":["
                text += "\(longitude),\(latitude)]},\"properties\":{\"name\":\"Place \(index)\",\"amenity\":\"\(kind)\"}}"
                text += index == count - 1 ? "\n" : ",\n"
            case .gpx:
                text += "<wpt lat=\"\(latitude)\" lon=\"\(longitude)\"><name>Place \(index)</name><type>\(kind)</type></wpt>\n"
            case .kml:
                text += "<Placemark><name>Place \(index)</name><description>\(kind)</description>"
                text += "<Point><coordinates>\(longitude),\(latitude)</coordinates></Point></Placemark>\n"
            }
        }
        try (text + footer(format)).write(to: url, atomically: true, encoding: .utf8)
    }

    private static func header(_ format: Format) -> String {
        switch format {
        case .geojson: "{\"type\":\"FeatureCollection\",\"features\":[\n"
        case .gpx: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"gui-bench\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        case .kml: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document>\n"
        }
    }

    private static func footer(_ format: Format) -> String {
        switch format {
        case .geojson: "]}\n"
        case .gpx: "</gpx>\n"
        case .kml: "</Document></kml>\n"
        }
    }
}
