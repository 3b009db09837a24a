/// One place on the map: what the list shows, the card describes and a marker stands for.
public struct Place: Identifiable, Hashable, Sendable {
    /// Stable identifier, unique within the model (e.g. `"capital-fr-paris"`).
    public var id: String
    private var texts: PlaceTexts
    /// Right after `texts`, it fills the four bytes `texts` leaves over.
    private var kind: CategoryCode
    public var coordinate: Coordinate
    /// The source it came from (the bundled data, the person's own places or an imported file).
    public var source: PlaceSource.ID
    /// Further properties read from a file, kept for export.
    public var properties: PlaceProperties
    /// The notes and the link, or nothing when both are empty: only some places have them, and an
    /// empty array takes 8 bytes of each of a million places where two empty strings take 32.
    private var notesAndLink: [String] = []

    public var category: Category {
        get { kind.category }
        set { kind = CategoryCode(newValue) }
    }

    /// The name shown to people; plain text, never markup.
    public var name: String {
        get { texts.name }
        set { texts = PlaceTexts(name: newValue, summary: summary) }
    }

    /// One line saying what it is; may be empty.
    public var summary: String {
        get { texts.summary }
        set { texts = PlaceTexts(name: name, summary: newValue) }
    }

    /// What the person wrote about a place of their own; several lines, may be empty.
    public var notes: String {
        get { notesAndLink.first ?? "" }
        set { setNotes(newValue, link: link) }
    }

    /// A web address the person gave their own place (opened with the desktop's handler); may be empty.
    public var link: String {
        get { notesAndLink.last ?? "" }
        set { setNotes(notes, link: newValue) }
    }

    public init(
        id: String, name: String, category: Category, coordinate: Coordinate,
        summary: String = "", source: PlaceSource.ID = PlaceSource.bundledID, properties: PlaceProperties = [:],
        notes: String = "", link: String = ""
    ) {
        self.id = id
        texts = PlaceTexts(name: name, summary: summary)
        kind = CategoryCode(category)
        self.coordinate = coordinate
        self.source = source
        self.properties = properties
        setNotes(notes, link: link)
    }

    private mutating func setNotes(_ notes: String, link: String) {
        notesAndLink = notes.isEmpty && link.isEmpty ? [] : [notes, link]
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
