/// What the person keeps between launches besides the profile: their favourite places, the files they
/// imported, the places they added themselves and their collections. Plain data, saved by a `LibraryStore`.
public struct Library: Codable, Sendable, Equatable {
    /// Ids of the favourite places, sorted (a stable order keeps the file diffable).
    public var favourites: [Place.ID]
    /// The imported files, in import order; each is re-imported on launch from its `path`.
    public var sources: [PlaceSource]
    /// The person's own places, sorted by id (version 2; a version 1 library has none).
    public var places: [OwnPlace]
    /// The person's collections, in the order they were made (version 2).
    public var collections: [PlaceCollection]

    /// A library of `favourites` (sorted, duplicates dropped), imported `sources`, own `places` (sorted
    /// by id, the first of each id kept) and `collections` (the first of each id kept).
    public init(favourites: [Place.ID] = [], sources: [PlaceSource] = [], places: [OwnPlace] = [], collections: [PlaceCollection] = []) {
        self.favourites = Set(favourites).sorted()
        self.sources = sources
        var seen = Set<Place.ID>()
        self.places = places.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
        var seenCollections = Set<PlaceCollection.ID>()
        self.collections = collections.filter { seenCollections.insert($0.id).inserted }
    }

    private enum CodingKeys: String, CodingKey {
        case favourites, sources, places, collections
    }

    /// Reads a version 2 library; `LenientLibrary` reads older and damaged ones.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            favourites: try container.decode([Place.ID].self, forKey: .favourites),
            sources: try container.decode([PlaceSource].self, forKey: .sources),
            places: try container.decodeIfPresent([OwnPlace].self, forKey: .places) ?? [],
            collections: try container.decodeIfPresent([PlaceCollection].self, forKey: .collections) ?? []
        )
    }

    /// Nothing remembered yet.
    public static let empty = Library()
}

extension Library {
    /// One of the person's own places as the library file keeps it (empty notes, link and properties left out).
    public struct OwnPlace: Identifiable, Codable, Sendable, Equatable {
        public var id: Place.ID
        public var name: String
        /// The kind as files write it (`Category.rawValue`).
        public var kind: String
        public var latitude: Double
        public var longitude: Double
        public var notes: String?
        public var link: String?
        /// What the place carried beyond the fields above (a point of interest's opening hours, a copied
        /// place's file properties), kept for export.
        public var properties: [String: String]?

        public init(id: Place.ID, name: String, kind: String, latitude: Double, longitude: Double, notes: String? = nil, link: String? = nil,
                    properties: [String: String]? = nil) {
            self.id = id
            self.name = name
            self.kind = kind
            self.latitude = latitude
            self.longitude = longitude
            self.notes = notes
            self.link = link
            self.properties = properties
        }

        public init(_ place: Place) {
            id = place.id
            name = place.name
            kind = place.category.rawValue
            latitude = place.coordinate.latitude
            longitude = place.coordinate.longitude
            notes = place.notes.isEmpty ? nil : place.notes
            link = place.link.isEmpty ? nil : place.link
            let pairs = Dictionary(place.properties.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            properties = pairs.isEmpty ? nil : pairs
        }

        /// The place in the model's terms, in the person's own source.
        public var place: Place {
            Place(id: id, name: name, category: Category(rawValue: kind), coordinate: Coordinate(latitude: latitude, longitude: longitude),
                  source: PlaceSource.mineID, properties: PlaceProperties(properties ?? [:]), notes: notes ?? "", link: link ?? "")
        }

        /// Whether it can be shown: an id, a name and a position on the Earth.
        var isUsable: Bool {
            !id.isEmpty && !name.isEmpty && Coordinate(latitude: latitude, longitude: longitude).isValid
        }
    }
}
