import Foundation

/// Writes places as an RFC 7946 FeatureCollection that other tools open: Points with the name, the
/// kind as `category`, the notes (or else the line about the place) as `description`, the link, and
/// every other property kept from import (a number, a boolean or a null as the file had it); a
/// favourite has `"favourite": true`, a place in collections `"collections": [names]`. Lines are
/// LineStrings (MultiLineStrings), areas Polygons (MultiPolygons), with their name, description and
/// properties.
public enum GeoJSONWriter {
    public static func write(_ places: [Place]) -> String {
        write(places.map { ExportedPlace($0) })
    }

    public static func write(_ places: [ExportedPlace], shapes: [PlaceShape] = []) -> String {
        ExportFormat.geoJSON.text(for: places, shapes: shapes, title: "")
    }

    /// The FeatureCollection, a feature at a time.
    struct Document: ExportDocument {
        private var out = "{\"type\":\"FeatureCollection\",\"features\":["
        private var separator = "\n"

        private mutating func add(_ feature: String, emit: (String) -> Void) {
            out += separator + feature
            separator = ",\n"
            ExportText.hand(&out, to: emit)
        }

        mutating func add(_ exported: ExportedPlace, emit: (String) -> Void) {
            let place = exported.place
            // Values are JSON texts: strings quoted; numbers, booleans and nulls a file had, the favourite
            // flag and the collections as JSON.
            var properties = GeoJSONWriter.values(of: place.properties)
            properties["name"] = JSONText.quoted(place.name)
            if !place.category.rawValue.isEmpty { properties["category"] = JSONText.quoted(place.category.rawValue) }
            if !exported.description.isEmpty { properties["description"] = JSONText.quoted(exported.description) }
            if let summary = exported.summaryBesideNotes { properties["summary"] = JSONText.quoted(summary) }
            if !place.link.isEmpty { properties["link"] = JSONText.quoted(place.link) }
            if exported.isFavourite { properties["favourite"] = "true" }
            if !exported.collections.isEmpty { properties["collections"] = "[" + exported.collections.map(JSONText.quoted).joined(separator: ",") + "]" }
            let members = properties.sorted { $0.key < $1.key }
                .map { "\(JSONText.quoted($0.key)):\($0.value)" }
                .joined(separator: ",")
            add("{\"type\":\"Feature\",\"id\":\(JSONText.quoted(place.idInItsFile)),"
                + "\"geometry\":{\"type\":\"Point\",\"coordinates\":\(GeoJSONWriter.position(place.coordinate))},"
                + "\"properties\":{\(members)}}", emit: emit)
        }

        mutating func add(_ shape: PlaceShape, emit: (String) -> Void) {
            add(GeoJSONWriter.feature(shape), emit: emit)
        }

        mutating func finish(emit: (String) -> Void) {
            emit(out + "\n]}\n")
            out = ""
        }
    }

    /// Each property's value as JSON: a string, or the number, boolean or null the file had.
    private static func values(of properties: PlaceProperties) -> [String: String] {
        var values: [String: String] = [:]
        for (key, value, kind) in properties.typed {
            values[key] = switch kind {
            case .number where isNumber(value), .boolean where value == "true" || value == "false": value
            case .null: "null"
            default: JSONText.quoted(value)
            }
        }
        return values
    }

    /// Whether `text` is a number as RFC 8259 writes one (`-0.5`, `1e3`; not `01`, `.5` or `NaN`), by
    /// the reader's own number grammar.
    static func isNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes)
            // Nothing around it either: the text goes into the output as it is.
            guard parser.peekKind() == .number, parser.offset == 0 else { return false }
            do { _ = try parser.scanNumber() } catch { return false }
            return parser.offset == bytes.count
        }
    }

    private static func feature(_ shape: PlaceShape) -> String {
        var properties = values(of: shape.properties)
        properties["name"] = JSONText.quoted(shape.name)
        if !shape.summary.isEmpty { properties["description"] = JSONText.quoted(shape.summary) }
        let members = properties.sorted { $0.key < $1.key }.map { "\(JSONText.quoted($0.key)):\($0.value)" }.joined(separator: ",")
        let geometry: String
        switch shape.kind {
        case .line:
            geometry = shape.parts.count == 1 ? #"{"type":"LineString","coordinates":\#(line(shape.parts[0]))}"#
                : #"{"type":"MultiLineString","coordinates":[\#(shape.parts.map(line).joined(separator: ","))]}"#
        case .area:
            let polygons = PolygonRings.polygons(from: shape.parts).map { "[" + $0.map { line(closed($0)) }.joined(separator: ",") + "]" }
            geometry = polygons.count == 1 ? #"{"type":"Polygon","coordinates":\#(polygons[0])}"#
                : #"{"type":"MultiPolygon","coordinates":[\#(polygons.joined(separator: ","))]}"#
        }
        return "{\"type\":\"Feature\",\"id\":\(JSONText.quoted(shape.idInItsFile)),\"geometry\":\(geometry),\"properties\":{\(members)}}"
    }

    private static func position(_ coordinate: Coordinate) -> String {
        "[\(number(coordinate.longitude)),\(number(coordinate.latitude))]"
    }

    private static func line(_ points: [Coordinate]) -> String {
        "[" + points.map(position).joined(separator: ",") + "]"
    }

    /// A ring as GeoJSON has it: its last position the first again.
    static func closed(_ ring: [Coordinate]) -> [Coordinate] {
        guard let first = ring.first, ring.last != first else { return ring }
        return ring + [first]
    }

    /// The shortest text that reads back as exactly `value` ("2.3522", "-118.243712345678", "1e-07"),
    /// so coordinates survive an export and re-import bit for bit.
    private static func number(_ value: Double) -> String {
        value.description
    }
}

extension PlaceShape {
    /// The id the shape's file gave it, without the file's path (as `Place.idInItsFile`).
    var idInItsFile: String { PlaceSource.idInItsFile(id, source: source) }
}

extension Place {
    /// The id the place's file gave it (or Places made for it), without the file's path that an
    /// imported place's id starts with: what an export writes, so that no folder or user name
    /// travels with a shared file.
    var idInItsFile: String { PlaceSource.idInItsFile(id, source: source) }
}

extension PlaceSource {
    /// `id` without the prefix an imported file's source id gives its places' and shapes' ids.
    static func idInItsFile(_ id: String, source: ID) -> String {
        let prefix = source + "/"
        return source.hasPrefix("file:") && id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : id
    }
}
