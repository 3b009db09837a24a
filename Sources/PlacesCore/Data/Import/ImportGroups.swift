/// The lists a file puts its places in (OsmAnd's favourites groups, KML folders, an Organic Maps
/// list, the collections of a Places export), in the order the file first names them, each with its
/// places' ids in file order: what an import makes collections of.
public struct ImportGroups: Sendable, Equatable {
    public private(set) var names: [String] = []
    private var members: [String: [Place.ID]] = [:]

    public init() {}

    public var isEmpty: Bool { names.isEmpty }

    /// Puts the place `id` into each of `groups` (once each).
    mutating func add(_ id: Place.ID, to groups: [String]) {
        for name in groups {
            if members[name] == nil {
                names.append(name)
                members[name] = [id]
            } else if members[name]?.last != id {
                members[name]?.append(id)
            }
        }
    }

    /// The ids of the places in the group `name`, in file order.
    public func members(of name: String) -> [Place.ID] { members[name] ?? [] }
}
