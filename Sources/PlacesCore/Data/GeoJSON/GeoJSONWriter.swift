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
            out += "{\"type\":\"Feature\",\"id\":\(JSONText.quoted(place.idInItsFile)),"
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

extension Place {
    /// The id the place's file gave it (or Places made for it), without the file's path that an
    /// imported place's id starts with: what an export writes, so that no folder or user name
    /// travels with a shared file.
    var idInItsFile: String {
        let prefix = source + "/"
        return source.hasPrefix("file:") && id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : id
    }
}
