import Foundation

/// Writes places as an RFC 7946 FeatureCollection of Points that other tools open: the name, the
/// kind as `category`, the notes (or else the line about the place) as `description`, the link, and
/// every other property kept from import; a favourite has `"favourite": true`, a place in
/// collections `"collections": [names]`.
public enum GeoJSONWriter {
    public static func write(_ places: [Place]) -> String {
        write(places.map { ExportedPlace($0) })
    }

    public static func write(_ places: [ExportedPlace]) -> String {
        var out = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        for (index, exported) in places.enumerated() {
            let place = exported.place
            // Values are JSON texts: strings quoted, the favourite flag and the collections as JSON.
            var properties = place.properties.dictionary.mapValues(JSONText.quoted)
            properties["name"] = JSONText.quoted(place.name)
            properties["category"] = JSONText.quoted(place.category.rawValue)
            if !exported.description.isEmpty { properties["description"] = JSONText.quoted(exported.description) }
            if let summary = exported.summaryBesideNotes { properties["summary"] = JSONText.quoted(summary) }
            if !place.link.isEmpty { properties["link"] = JSONText.quoted(place.link) }
            if exported.isFavourite { properties["favourite"] = "true" }
            if !exported.collections.isEmpty { properties["collections"] = "[" + exported.collections.map(JSONText.quoted).joined(separator: ",") + "]" }
            let members = properties.sorted { $0.key < $1.key }
                .map { "\(JSONText.quoted($0.key)):\($0.value)" }
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
