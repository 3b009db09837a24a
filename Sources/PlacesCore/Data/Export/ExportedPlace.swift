/// A place as an export writes it: the place, with what the library knows of it that the place does
/// not hold (whether it is a favourite, the collections it is in).
public struct ExportedPlace: Sendable {
    public var place: Place
    public var isFavourite: Bool
    /// The names of the collections it is in, in the library's order.
    public var collections: [String]

    public init(_ place: Place, isFavourite: Bool = false, collections: [String] = []) {
        self.place = place
        self.isFavourite = isFavourite
        self.collections = collections
    }

    /// What a format's one description field carries (GeoJSON `description`, GPX `desc`, KML
    /// `description`): the person's notes, or else the line about the place.
    var description: String { place.notes.isEmpty ? place.summary : place.notes }

    /// The line about the place when the description holds the notes instead; written beside them.
    var summaryBesideNotes: String? { place.notes.isEmpty || place.summary.isEmpty ? nil : place.summary }

    /// Membership written as properties every format can carry: `favourite` = `true`, and one
    /// `collections#1`, `collections#2`… per collection (how a GeoJSON array of them reads back).
    var membership: [(key: String, value: String)] {
        (isFavourite ? [(key: "favourite", value: "true")] : [])
            + collections.enumerated().map { (key: "collections#\($0.offset + 1)", value: $0.element) }
    }
}
