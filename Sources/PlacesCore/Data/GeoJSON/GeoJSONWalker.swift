/// Reads one GeoJSON text in a single pass over its bytes, a feature at a time: each feature's
/// members are read into a `GeoJSONObject`, turned into places (or a reason it is skipped), and
/// dropped before the next one is read, so memory holds the text and the places, never a tree of
/// the whole document. The JSON is checked as strictly as `JSONParser.parse` checks it, everywhere.
struct GeoJSONWalker {
    private var parser: JSONParser
    private let maker: FeatureMaker
    private(set) var tally = ImportTally()
    /// The properties of the feature being read (cleared for each).
    private var properties = PropertyBuffer()

    /// Whether features are made; a check only counts them, deciding what it skips exactly as an import does.
    private let makesFeatures: Bool
    /// Whether an array in some feature's properties held more than `arrayLimit` values.
    private var cutArrays = false

    init(bytes: UnsafeBufferPointer<UInt8>, maker: FeatureMaker, makesFeatures: Bool = true) {
        parser = JSONParser(bytes: bytes)
        self.maker = maker
        self.makesFeatures = makesFeatures
    }

    /// Reads the document, handing each place to `each` in file order and telling `reached` the
    /// offset after each feature of a collection, before which nothing is read again.
    mutating func read(reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) {
        var top: GeoJSONObject?
        var topKind: JSONKind?
        do throws(JSONParseError) {
            try parser.startDocument()
            topKind = parser.peekKind()
            if topKind == .object { top = try readObject(atTopLevel: true, streamingFeaturesTo: each, reached: reached) } else { try parser.skipValue() }
            try parser.endDocument()
        } catch {
            throw Task.isCancelled ? .cancelled : .invalidJSON(error)
        }
        if cutArrays {
            tally.notes.append(tr("lists of more than {count} values in properties were cut to their first {count}",
                                  ["count": Self.arrayLimit.formatted()]))
        }
        guard let top else {
            throw .notGeoJSON(tr("the top level is {kind}, not an object", ["kind": topKind?.description ?? ""]))
        }
        guard let type = top.type else { throw .notGeoJSON(tr("the top-level object has no \"type\"")) }
        switch type {
        case "FeatureCollection":
            guard case .value = top.features else { throw .notGeoJSON(tr("the FeatureCollection has no \"features\" array")) }
        case _ where isKnown(type) && top.features.wasRead:
            throw .notGeoJSON(tr("a {type} has a \"features\" array, which only a FeatureCollection has", ["type": type]))
        case "Feature":
            readFeature(top, number: 1, each: each)
        case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection":
            readGeometry(GeoJSONObject.Geometry(type: type, coordinates: top.coordinates, points: top.points), of: top, number: 1, each: each)
        default:
            throw .notGeoJSON(tr("unknown type \"{type}\"", ["type": type.clipped(to: 40)]))
        }
    }

    private func isKnown(_ type: String) -> Bool {
        ["Feature", "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"].contains(type)
    }

    // MARK: Reading objects

    /// Reads the object at the cursor. At the top level, a `"features"` array is read feature by
    /// feature as it comes (unless the type read before it says this is no FeatureCollection), each
    /// place handed to `each`; elsewhere it is checked and skipped.
    private mutating func readObject(
        atTopLevel: Bool = false, streamingFeaturesTo each: (ImportedFeature) -> Void = { _ in }, reached: (Int) -> Void = { _ in }
    ) throws(JSONParseError) -> GeoJSONObject {
        var object = GeoJSONObject()
        try parser.openObject()
        var first = true
        while let key = try parser.nextMember(first: &first) {
            switch key {
            case "type":
                if parser.peekKind() == .string { object.type = try parser.parseString() } else { try parser.skipValue() }
            case "id":
                object.id = try readScalarText()
            case "properties":
                object.properties = try readMember { (walker: inout GeoJSONWalker) throws(JSONParseError) in
                    walker.properties.removeAll()
                    try walker.readProperties(under: nil, depth: 1)
                }
            case "geometry":
                object.geometry = try readMember { (walker: inout GeoJSONWalker) throws(JSONParseError) in
                    let geometry = try walker.readObject()
                    return GeoJSONObject.Geometry(type: geometry.type, coordinates: geometry.coordinates, points: geometry.points)
                }
            case "coordinates" where object.type == "MultiPoint" && parser.peekKind() == .array:
                object.points = try readPositions()
            case "coordinates":
                object.coordinates = try parser.parseValue()
            case "features":
                if atTopLevel, parser.peekKind() == .array, object.type == nil || object.type == "FeatureCollection" {
                    try readFeatures(each: each, reached: reached)
                    object.features = .value(())
                } else {
                    object.features = parser.peekKind().map { .other($0) } ?? .absent
                    try parser.skipValue()
                }
            default:
                try parser.skipValue()
            }
        }
        return object
    }

    /// Reads a member that should hold an object with `read`, noting null or another kind instead.
    private mutating func readMember<Value>(
        _ read: (inout GeoJSONWalker) throws(JSONParseError) -> Value
    ) throws(JSONParseError) -> GeoJSONObject.Member<Value> {
        switch parser.peekKind() {
        case .object: return .value(try read(&self))
        case .null: try parser.skipValue(); return .null
        case let kind?: try parser.skipValue(); return .other(kind)
        case nil: try parser.skipValue(); return .absent
        }
    }

    /// Flattens a properties object into `properties`: scalars and nulls by path ("addr.street" under
    /// `prefix`, the range of "addr" in the buffer) with their kind, nested objects and arrays down to
    /// `FeatureFields.propertyDepth`; deeper values are checked and left out.
    private mutating func readProperties(under prefix: Range<Int>?, depth: Int) throws(JSONParseError) {
        try parser.openObject()
        var first = true
        while true {
            let pathStart = properties.bytes.count
            if let prefix {
                for index in prefix { properties.bytes.append(properties.bytes[index]) }
                properties.bytes.append(UInt8(ascii: "."))
            }
            guard try parser.nextMember(first: &first, appendingNameTo: &properties.bytes) else {
                properties.bytes.removeSubrange(pathStart...)
                return
            }
            try readValue(at: pathStart..<properties.bytes.count, depth: depth)
        }
    }

    /// Reads the value at the cursor as the property whose path ends the buffer: a scalar or a null is
    /// kept, with its kind; an object's or an array's values are kept under it, down to
    /// `FeatureFields.propertyDepth` (the path stays in the buffer as the prefix of theirs); anything
    /// else is checked, and its path taken back.
    private mutating func readValue(at path: Range<Int>, depth: Int) throws(JSONParseError) {
        let kind: PropertyValueKind
        switch parser.peekKind() {
        case .string:
            try parser.parseString(appendingTo: &properties.bytes)
            kind = .text
        case .number:
            try parser.parseNumber(appendingTextTo: &properties.bytes)
            kind = .number
        case .bool:
            properties.bytes.append(contentsOf: try parser.parseValue() == .bool(true) ? Self.trueText : Self.falseText)
            kind = .boolean
        case .null:
            try parser.skipValue()
            kind = .null
        case .object where depth < FeatureFields.propertyDepth:
            return try readProperties(under: path, depth: depth + 1)
        case .array where depth < FeatureFields.propertyDepth:
            return try readArray(at: path, depth: depth + 1)
        default:
            try parser.skipValue()
            return properties.bytes.removeSubrange(path.lowerBound...)
        }
        properties.add(path: path, text: path.upperBound..<properties.bytes.count, kind: kind)
    }

    /// Keeps an array's values by its path and their position ("collections#1", "tags#2.name"), the
    /// first `arrayLimit` of them.
    private mutating func readArray(at path: Range<Int>, depth: Int) throws(JSONParseError) {
        try parser.openArray()
        var first = true
        var number = 0
        while try parser.nextElement(first: &first) {
            number += 1
            guard number <= Self.arrayLimit else {
                cutArrays = true
                try parser.skipValue()
                continue
            }
            let start = properties.bytes.count
            for index in path { properties.bytes.append(properties.bytes[index]) }
            properties.bytes.append(contentsOf: "#\(number)".utf8)
            try readValue(at: start..<properties.bytes.count, depth: depth)
        }
    }

    /// Most values kept of one array: a property is a list of names or tags, not a data set; a
    /// million-element array would otherwise take gigabytes as properties.
    static let arrayLimit = 1000

    private static let trueText = Array("true".utf8)
    private static let falseText = Array("false".utf8)

    /// A string, number or boolean as text; nil (the value read and checked) for anything else.
    private mutating func readScalarText() throws(JSONParseError) -> String? {
        switch parser.peekKind() {
        case .string: return try parser.parseString()
        case .number, .bool: return try parser.parseValue().scalarText
        default: try parser.skipValue(); return nil
        }
    }

    /// Reads a MultiPoint's array of positions one at a time, keeping the usable ones as coordinates
    /// (only counting them in a check).
    private mutating func readPositions() throws(JSONParseError) -> GeoJSONObject.Positions {
        var positions = GeoJSONObject.Positions()
        try parser.openArray()
        var first = true
        while try parser.nextElement(first: &first) {
            switch GeoJSONCoordinate.read(try parser.parseValue()) {
            case .success(let coordinate):
                positions.usable += 1
                if makesFeatures { positions.coordinates.append(coordinate) }
            case .failure(let problem):
                positions.unusable.append(Int32(clamping: positions.usable + positions.unusable.count + 1))
                if positions.problems.count < ImportTally.maximumReasons { positions.problems.append(problem) }
            }
        }
        return positions
    }

    private mutating func readFeatures(each: (ImportedFeature) -> Void, reached: (Int) -> Void) throws(JSONParseError) {
        try parser.openArray()
        var first = true
        var number = 0
        while try parser.nextElement(first: &first) {
            number += 1
            guard let kind = parser.peekKind(), kind == .object else {
                let kind = parser.peekKind()
                try parser.skipValue()
                tally.skip(tr("feature {number}: is {kind}, not an object", ["number": String(number), "kind": kind?.description ?? ""]))
                continue
            }
            readFeature(try readObject(), number: number, each: each)
            // An import may give back the bytes read (a check keeps them and skips the counting).
            if makesFeatures { parser.forget(before: parser.offset) }
            reached(parser.offset)
        }
    }

    // MARK: From objects to places

    private mutating func readFeature(_ feature: GeoJSONObject, number: Int, each: (ImportedFeature) -> Void) {
        guard feature.type == "Feature" else {
            return tally.skip(tr("feature {number}: \"type\" is not \"Feature\"", ["number": String(number)]))
        }
        if case .other(let kind) = feature.properties {
            return tally.skip(tr("feature {number}: \"properties\" is {kind}, not an object", ["number": String(number), "kind": kind.description]))
        }
        switch feature.geometry {
        case .absent, .null:
            tally.skip(tr("feature {number}: no geometry", ["number": String(number)]))
        case .other:
            tally.skip(tr("feature {number}: the geometry has no \"type\"", ["number": String(number)]))
        case .value(let geometry):
            readGeometry(geometry, of: feature, number: number, each: each)
        }
    }

    private mutating func readGeometry(_ geometry: GeoJSONObject.Geometry, of feature: GeoJSONObject, number: Int, each: (ImportedFeature) -> Void) {
        guard let type = geometry.type else {
            return tally.skip(tr("feature {number}: the geometry has no \"type\"", ["number": String(number)]))
        }
        if !feature.properties.wasRead { properties.removeAll() }
        switch type {
        case "Point":
            switch GeoJSONCoordinate.read(geometry.coordinates) {
            case .success(let coordinate):
                if let noLocation = FeatureFields.noLocation(in: properties) {
                    return tally.skip(tr("feature {number}: it has no location (“{comment}”)",
                                         ["number": String(number), "comment": noLocation.clipped(to: 120)]))
                }
                tally.places += 1
                if makesFeatures {
                    let fields = FeatureFields(properties)
                    each(.place(maker.place(at: coordinate, fields: fields, id: feature.id ?? "\(number)", number: number), groups: fields.groups))
                }
            case .failure(let problem):
                tally.skip(tr("feature {number}: {reason}", ["number": String(number), "reason": problem.reason]))
            }
        case "MultiPoint" where geometry.points != nil:
            let positions = geometry.points!
            tally.places += positions.usable
            for (point, problem) in zip(positions.unusable, positions.problems) {
                tally.skip(tr("feature {number}, point {point}: {reason}", ["number": String(number), "point": String(point), "reason": problem.reason]))
            }
            tally.skippedFeatures += positions.unusable.count - positions.problems.count
            guard makesFeatures else { return }
            let fields = FeatureFields(properties)
            let id = feature.id ?? "\(number)"
            // Numbered as in the file: an unusable position keeps its number.
            var unusable = positions.unusable[...]
            var part = 0
            for coordinate in positions.coordinates {
                part += 1
                while unusable.first == Int32(clamping: part) {
                    unusable.removeFirst()
                    part += 1
                }
                each(.place(maker.place(at: coordinate, fields: fields, id: "\(id)#\(part)", number: number), groups: fields.groups))
            }
        case "MultiPoint":
            guard case .array(let positions)? = geometry.coordinates else {
                return tally.skip(tr("feature {number}: MultiPoint \"coordinates\" is not an array", ["number": String(number)]))
            }
            let fields = makesFeatures ? FeatureFields(properties) : nil
            for (part, position) in positions.enumerated() {
                switch GeoJSONCoordinate.read(position) {
                case .success(let coordinate):
                    tally.places += 1
                    guard let fields else { continue }
                    each(.place(maker.place(at: coordinate, fields: fields, id: "\(feature.id ?? "\(number)")#\(part + 1)", number: number), groups: fields.groups))
                case .failure(let problem):
                    tally.skip(tr("feature {number}, point {point}: {reason}", ["number": String(number), "point": String(part + 1), "reason": problem.reason]))
                }
            }
        case "LineString", "MultiLineString", "Polygon", "MultiPolygon":
            let (kind, nesting, minimum): (PlaceShape.Kind, Int, Int) = switch type {
            case "LineString": (.line, 1, 2)
            case "MultiLineString": (.line, 2, 2)
            case "Polygon": (.area, 2, 3)
            default: (.area, 3, 3)
            }
            switch GeoJSONCoordinate.parts(geometry.coordinates, nesting: nesting, minimum: minimum) {
            case .success(let parts):
                if kind == .line { tally.lines += 1 } else { tally.areas += 1 }
                if makesFeatures {
                    each(.shape(maker.shape(kind, parts: parts, fields: FeatureFields(properties), id: feature.id ?? "\(number)", number: number)))
                }
            case .failure(let problem):
                tally.skip(tr("feature {number}: {reason}", ["number": String(number), "reason": problem.reason]))
            }
        case "GeometryCollection":
            tally.skippedGeometries += 1
        default:
            tally.skip(tr("feature {number}: unknown geometry type \"{type}\"", ["number": String(number), "type": type]))
        }
    }
}

extension GeoJSONObject.Member {
    /// Whether the member was there and read as what it should be.
    var wasRead: Bool {
        if case .value = self { true } else { false }
    }
}
