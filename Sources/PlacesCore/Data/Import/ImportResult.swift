/// What reading one file produced: the places and shapes, and what was skipped and why.
public struct ImportResult: Sendable {
    /// The places read, in file order.
    public var places: [Place] = []
    /// The lines and areas read, in file order.
    public var shapes: [PlaceShape] = []
    /// The lists the file puts its places in, by the places' ids as made unique.
    public var groups = ImportGroups()
    public var tally = ImportTally()

    public static let maximumReasons = ImportTally.maximumReasons

    public init(places: [Place] = [], shapes: [PlaceShape] = [], groups: ImportGroups = ImportGroups(), tally: ImportTally = ImportTally()) {
        self.places = places
        self.shapes = shapes
        self.groups = groups
        self.tally = tally
    }

    /// Collects what `read` hands over, with ids made unique across the file (places and shapes
    /// share the file's ids): the first keeps its id, later ones get `~2`, `~3`...
    init(reading read: ((ImportedFeature) -> Void) throws(ImportError) -> ImportTally) throws(ImportError) {
        var places: [Place] = []
        var shapes: [PlaceShape] = []
        var ids = UniqueIDs(expecting: 0)
        var groups = ImportGroups()
        tally = try read { feature in
            switch feature {
            case .place(var place, let inGroups):
                place.id = ids.claim(place.id)
                if !inGroups.isEmpty { groups.add(place.id, to: inGroups) }
                places.append(place)
            case .shape(let shape): shapes.append(shape)
            }
        }
        self.places = places
        self.groups = groups
        self.shapes = shapes.map { shape in
            var shape = shape
            shape.id = ids.claim(shape.id)
            return shape
        }
    }

    public var skippedFeatures: Int { tally.skippedFeatures }
    public var skippedGeometries: Int { tally.skippedGeometries }
    public var reasons: [String] { tally.reasons }
    public var summary: String { tally.summary }
}
