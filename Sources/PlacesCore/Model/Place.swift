/// One place on the map: what the list shows, the card describes and a marker stands for.
public struct Place: Identifiable, Hashable, Sendable {
    /// Stable identifier, unique within the model (e.g. `"capital-fr-paris"`).
    public var id: String
    /// The name shown to people; plain text, never markup.
    public var name: String
    public var category: Category
    public var coordinate: Coordinate
    /// One line saying what it is; may be empty.
    public var summary: String
    /// The source it came from (bundled data or an imported file).
    public var source: PlaceSource.ID
    /// Further properties read from a file, kept for export.
    public var properties: PlaceProperties
    /// What the person wrote about a place of their own; several lines, may be empty.
    public var notes: String
    /// A web address the person gave their own place (opened with the desktop's handler); may be empty.
    public var link: String

    public init(
        id: String, name: String, category: Category, coordinate: Coordinate,
        summary: String = "", source: PlaceSource.ID = PlaceSource.bundledID, properties: PlaceProperties = [:],
        notes: String = "", link: String = ""
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.coordinate = coordinate
        self.summary = summary
        self.source = source
        self.properties = properties
        self.notes = notes
        self.link = link
    }
}

extension Place {
    /// Longest name shown, in characters: a label or a row never carries megabytes, whatever a file
    /// holds (the place keeps its whole name for search and export).
    public static let shownNameLimit = 200

    /// The name as labels show it, cut to `shownNameLimit` characters.
    public var shownName: String { name.clipped(to: Self.shownNameLimit) }

    /// Whether it is one of the person's own places, which they can edit, move and delete.
    public var isOwn: Bool { source == PlaceSource.mineID }
}
