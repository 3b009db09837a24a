/// What the person keeps between launches besides the profile: their favourite places and the files
/// they imported. Plain data, saved by a `LibraryStore`.
public struct Library: Codable, Sendable, Equatable {
    /// Ids of the favourite places, sorted (a stable order keeps the file diffable).
    public var favourites: [Place.ID]
    /// The imported files, in import order; each is re-imported on launch from its `path`.
    public var sources: [PlaceSource]

    /// A library of `favourites` (sorted, duplicates dropped) and imported `sources`.
    public init(favourites: [Place.ID] = [], sources: [PlaceSource] = []) {
        self.favourites = Set(favourites).sorted()
        self.sources = sources
    }

    /// Nothing remembered yet.
    public static let empty = Library()
}
