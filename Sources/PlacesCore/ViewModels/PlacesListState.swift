/// One row of the places list: a section header or a place.
public enum PlacesListRow: Equatable, Sendable {
    /// A section title with its count, e.g. "Airports (412)".
    case header(title: String)
    /// A place.
    case place(PlaceRow)
}

/// What a place row shows.
public struct PlaceRow: Equatable, Sendable {
    /// The place's id.
    public var id: Place.ID
    /// The place's name (plain text).
    public var name: String
    /// "Airport", "Capital"...
    public var category: String
    /// The category's symbol.
    public var symbol: String
    /// "1,234 km", or nil without a home city.
    public var distance: String?
}

/// What the places list shows.
public struct PlacesListState: Equatable, Sendable {
    /// The search text as typed.
    public var query: String = ""
    /// "1,234 places found".
    public var summary: String = ""
    /// Section headers and place rows, in display order (made on demand).
    public var rows = PlacesListRows()
    /// The row of the selected place, if it is listed.
    public var selectedRow: Int?
    /// How many places match (each counted once, though a favourite is listed twice).
    public var found = 0
    /// Whether no place matches (the view shows an empty state instead of a blank list).
    public var isEmpty: Bool { found == 0 }
}
