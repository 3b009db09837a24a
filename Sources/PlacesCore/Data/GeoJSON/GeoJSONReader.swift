import Foundation

/// Reads RFC 7946 GeoJSON into places: FeatureCollections, Features and bare geometries. `Point` and
/// `MultiPoint` become places; other geometries are counted and skipped; a feature with a bad
/// coordinate or a wrong type is skipped with a reason. Nothing here traps on any input.
///
/// Place ids are the feature's `"id"`, or its position (`"3"`) when it has none; each point of a
/// MultiPoint adds `#1`, `#2`... Ids are unique within a file: when one is already taken (an explicit
/// `"id": 2` and the second feature's position, or two features with one id), the first place in file
/// order keeps it and later ones get `~2`, `~3`... (the first suffix not taken), so every place is kept.
public struct GeoJSONReader: Sendable {
    /// Deepest nesting of properties read (`location.name` is 2); deeper values are not kept.
    static let propertyDepth = 4

    /// The source the places will belong to.
    public var source: PlaceSource.ID
    /// Prefix for place ids, keeping ids of different files apart (empty for bundled data).
    public var idPrefix: String

    /// A reader for `source`; imported files get their source id as id prefix.
    public init(source: PlaceSource.ID, idPrefix: String? = nil) {
        self.source = source
        self.idPrefix = idPrefix ?? (source == PlaceSource.bundledID ? "" : source + "/")
    }

    /// Reads `bytes` (UTF-8 JSON). Inside a task, stops with `.cancelled` soon after it is cancelled.
    public func read(_ bytes: [UInt8]) throws(GeoJSONError) -> GeoJSONImport {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw Task.isCancelled ? .cancelled : .invalidJSON(error)
        }
        var result = GeoJSONImport()
        try read(root, into: &result)
        result.places = Self.uniquingIDs(result.places)
        return result
    }

    /// `places` with repeated ids made unique: the first keeps its id, later ones get `~2`, `~3`...
    /// Linear in the number of places: the suffix search for an id resumes where it last stopped
    /// (suffixes below that stay taken), so every failed try is a distinct taken id.
    static func uniquingIDs(_ places: [Place]) -> [Place] {
        var taken = Set<Place.ID>(minimumCapacity: places.count)
        var nextSuffix: [Place.ID: Int] = [:]
        return places.map { place in
            guard !taken.insert(place.id).inserted else { return place }
            var place = place
            let original = place.id
            var suffix = nextSuffix[original, default: 2]
            repeat {
                place.id = "\(original)~\(suffix)"
                suffix += 1
            } while !taken.insert(place.id).inserted
            nextSuffix[original] = suffix
            return place
        }
    }

    private func read(_ root: JSONValue, into result: inout GeoJSONImport) throws(GeoJSONError) {
        guard case .object = root else { throw .notGeoJSON(tr("the top level is {kind}, not an object", ["kind": root.kindDescription])) }
        guard let type = root["type"]?.stringValue else { throw .notGeoJSON(tr("the top-level object has no \"type\"")) }
        switch type {
        case "FeatureCollection":
            guard case .array(let features)? = root["features"] else {
                throw .notGeoJSON(tr("the FeatureCollection has no \"features\" array"))
            }
            for (number, feature) in features.enumerated() {
                if number % 1024 == 1023, Task.isCancelled { throw .cancelled }
                readFeature(feature, number: number + 1, into: &result)
            }
        case "Feature":
            readFeature(root, number: 1, into: &result)
        case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection":
            readGeometry(root, properties: [:], id: nil, number: 1, into: &result)
        default:
            throw .notGeoJSON(tr("unknown type \"{type}\"", ["type": type.clipped(to: 40)]))
        }
    }

    private func readFeature(_ feature: JSONValue, number: Int, into result: inout GeoJSONImport) {
        guard case .object = feature else {
            return result.skip(tr("feature {number}: is {kind}, not an object", ["number": String(number), "kind": feature.kindDescription]))
        }
        guard feature["type"]?.stringValue == "Feature" else {
            return result.skip(tr("feature {number}: \"type\" is not \"Feature\"", ["number": String(number)]))
        }
        var properties: [String: JSONValue] = [:]
        switch feature["properties"] {
        case .object(let members)?: properties = members
        case .null?, nil: break
        case let other?: return result.skip(tr("feature {number}: \"properties\" is {kind}, not an object", ["number": String(number), "kind": other.kindDescription]))
        }
        guard let geometry = feature["geometry"], geometry != .null else {
            return result.skip(tr("feature {number}: no geometry", ["number": String(number)]))
        }
        readGeometry(geometry, properties: properties, id: feature["id"]?.scalarText, number: number, into: &result)
    }

    private func readGeometry(
        _ geometry: JSONValue, properties: [String: JSONValue], id: String?, number: Int, into result: inout GeoJSONImport
    ) {
        guard case .object = geometry, let type = geometry["type"]?.stringValue else {
            return result.skip(tr("feature {number}: the geometry has no \"type\"", ["number": String(number)]))
        }
        switch type {
        case "Point":
            switch GeoJSONCoordinate.read(geometry["coordinates"]) {
            case .success(let coordinate):
                let fields = Self.fields(of: properties)
                if let noLocation = fields.noLocation {
                    return result.skip(tr("feature {number}: it has no location (“{comment}”)",
                                          ["number": String(number), "comment": noLocation.clipped(to: 120)]))
                }
                result.places.append(place(at: coordinate, fields: fields, id: id ?? "\(number)", number: number))
            case .failure(let problem):
                result.skip(tr("feature {number}: {reason}", ["number": String(number), "reason": problem.reason]))
            }
        case "MultiPoint":
            guard case .array(let positions)? = geometry["coordinates"] else {
                return result.skip(tr("feature {number}: MultiPoint \"coordinates\" is not an array", ["number": String(number)]))
            }
            for (part, position) in positions.enumerated() {
                switch GeoJSONCoordinate.read(position) {
                case .success(let coordinate):
                    let partID = "\(id ?? "\(number)")#\(part + 1)"
                    result.places.append(place(at: coordinate, fields: Self.fields(of: properties), id: partID, number: number))
                case .failure(let problem):
                    result.skip(tr("feature {number}, point {point}: {reason}", ["number": String(number), "point": String(part + 1), "reason": problem.reason]))
                }
            }
        case "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection":
            result.skippedGeometries += 1
        default:
            result.skip(tr("feature {number}: unknown geometry type \"{type}\"", ["number": String(number), "type": type]))
        }
    }

    /// The feature's properties sorted by the shared rules, nested objects named by their path.
    static func fields(of properties: [String: JSONValue]) -> FeatureFields {
        var flat: [(path: String, text: String)] = []
        func flatten(_ members: [String: JSONValue], under prefix: String, depth: Int) {
            for (key, value) in members {
                let path = prefix.isEmpty ? key : prefix + "." + key
                if let text = value.scalarText {
                    flat.append((path, text))
                } else if case .object(let nested) = value, depth < propertyDepth {
                    flatten(nested, under: path, depth: depth + 1)
                }
            }
        }
        flatten(properties, under: "", depth: 1)
        flat.sort { $0.path < $1.path }
        return FeatureFields(flat)
    }

    private func place(at coordinate: Coordinate, fields: FeatureFields, id: String, number: Int) -> Place {
        Place(
            id: idPrefix + id,
            name: fields.name ?? tr("Unnamed place {number}", ["number": String(number)]),
            category: Category(rawValue: fields.category ?? ""),
            coordinate: coordinate,
            summary: fields.summary ?? "",
            source: source,
            properties: fields.kept,
            link: fields.link ?? ""
        )
    }
}
