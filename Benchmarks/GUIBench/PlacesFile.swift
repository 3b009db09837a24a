import Foundation
import TestingSupport

/// Writes a GeoJSON file of `count` places scattered around real cities (seeded, so every run maps the same).
enum PlacesFile {
    static func write(count: Int, citiesFile: URL, to url: URL) throws {
        let cities = try String(contentsOf: citiesFile, encoding: .utf8).split(separator: "\n").dropFirst()
            .compactMap { line -> (Double, Double)? in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count >= 4, let lat = Double(fields[2]), let lon = Double(fields[3]) else { return nil }
                return (lat, lon)
            }
        var random = SplitMix64(seed: 0x9e37_79b9)
        var text = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        let kinds = ["cafe", "museum", "park", "restaurant", "library", "viewpoint"]
        for index in 0..<count {
            let (lat, lon) = cities[Int(random.next() % UInt64(cities.count))]
            let dLat = (random.unit() - 0.5) * 0.6, dLon = (random.unit() - 0.5) * 0.8
            let latitude = max(-85, min(85, lat + dLat)), longitude = max(-180, min(180, lon + dLon))
            text += "{\"type\":\"Feature\",\"id\":\"p\(index)\",\"geometry\":{\"type\":\"Point\",\"coordinates\":["
            text += String(format: "%.5f,%.5f", longitude, latitude)
            text += "]},\"properties\":{\"name\":\"Place \(index)\",\"amenity\":\"\(kinds[index % kinds.count])\"}}"
            text += index == count - 1 ? "\n" : ",\n"
        }
        try (text + "]}\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
