import Foundation

/// Writes places as an RFC 7946 FeatureCollection of Points that other tools open; their name,
/// category, summary and link become properties, with every other property kept from import.
public enum GeoJSONWriter {
    public static func write(_ places: [Place]) -> String {
        var out = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        for (index, place) in places.enumerated() {
            var properties = place.properties.dictionary
            properties["name"] = place.name
            properties["category"] = place.category.rawValue
            if !place.summary.isEmpty { properties["summary"] = place.summary }
            if !place.link.isEmpty { properties["link"] = place.link }
            let members = properties.sorted { $0.key < $1.key }
                .map { "\(JSONText.quoted($0.key)):\(JSONText.quoted($0.value))" }
                .joined(separator: ",")
            out += "{\"type\":\"Feature\",\"id\":\(JSONText.quoted(place.id)),"
            out += "\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(number(place.coordinate.longitude)),\(number(place.coordinate.latitude))]},"
            out += "\"properties\":{\(members)}}"
            out += index == places.count - 1 ? "\n" : ",\n"
        }
        return out + "]}\n"
    }

    /// The shortest text that reads back as exactly `value` ("2.3522", "-118.243712345678", "1e-07"),
    /// so coordinates survive an export and re-import bit for bit.
    private static func number(_ value: Double) -> String {
        value.description
    }
}
