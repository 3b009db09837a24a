import Foundation

/// Reads RFC 7946 GeoJSON into places: FeatureCollections, Features and bare geometries. `Point` and
/// `MultiPoint` become places; other geometries are counted and skipped; a feature with a bad
/// coordinate or a wrong type is skipped with a reason. Nothing here traps on any input. Features are
/// read one at a time as they come (`GeoJSONWalker`), never as a tree of the whole document.
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
        var places: [Place] = []
        let tally = try bytes.withUnsafeBufferPointer { buffer throws(GeoJSONError) in
            try read(buffer) { places.append($0) }
        }
        return GeoJSONImport(places: Self.uniquingIDs(places), tally: tally)
    }

    /// Reads `bytes`, handing each place to `each` in file order as soon as it is read (ids are not
    /// made unique across the file: `read(_:)` does that). Nothing else of the file is kept.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, each: (Place) -> Void) throws(GeoJSONError) -> GeoJSONTally {
        var walker = GeoJSONWalker(bytes: bytes, reader: self)
        try walker.read(each: each)
        return walker.tally
    }

    /// Reads `bytes` as `read(_:each:)` does, counting the places without making them.
    public func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(GeoJSONError) -> GeoJSONTally {
        var walker = GeoJSONWalker(bytes: bytes, reader: self, makesPlaces: false)
        try walker.read { _ in }
        return walker.tally
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

    func place(at coordinate: Coordinate, fields: FeatureFields, id: String, number: Int) -> Place {
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
