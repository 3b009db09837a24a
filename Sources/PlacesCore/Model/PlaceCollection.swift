/// A list of places the person named ("Vienna trip", "Want to go"): any place, bundled, imported or
/// their own, can be in any number of them. Favourites is the built-in first collection, kept as the
/// model's `favourites`; these are the ones the person made.
///
/// Members are kept by id, also while their places are not loaded (a file not found today), like
/// favourites; sections and the map show the loaded ones.
public struct PlaceCollection: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = String

    public var id: ID
    public var name: String
    /// The members' ids, in the order they were put in, each once.
    public var members: [Place.ID]

    public init(id: ID, name: String, members: [Place.ID] = []) {
        self.id = id
        self.name = name
        var seen = Set<Place.ID>()
        self.members = members.filter { seen.insert($0).inserted }
    }

    public func contains(_ id: Place.ID) -> Bool { members.contains(id) }
}
