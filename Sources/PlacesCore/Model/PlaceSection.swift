/// A group of places as the person meets them: a section of the list, which the map can show alone
/// and the list exports. Which places a section holds is decided here and in `PlacesModel.isMember`,
/// for the list and the map alike.
public enum PlaceSection: Hashable, Sendable {
    case favourites
    /// One of the person's collections (its places are also listed in their own sections).
    case collection(PlaceCollection.ID)
    /// The bundled places of one kind (a legend entry: the known kinds, then all others).
    case kind(Category)
    /// The places of one file (the person's own places are `PlaceSource.mineID`'s).
    case source(PlaceSource.ID)

    /// The section of the kind or the file `place` belongs to, where the list shows it (favourites
    /// and collections list it too).
    public init(listing place: borrowing Place) {
        self = place.source == PlaceSource.bundledID ? .kind(place.category.legendEntry) : .source(place.source)
    }

    /// Whether its places are also listed in their own sections (favourites, a collection).
    public var isCollected: Bool {
        switch self {
        case .favourites, .collection: true
        case .kind, .source: false
        }
    }

    /// Whether it lists an imported file's places (which the person can remove).
    public var isImportedFile: Bool {
        if case .source(let id) = self { id != PlaceSource.mineID } else { false }
    }
}
