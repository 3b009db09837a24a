/// One row of the places list: a section header or a place.
public enum PlacesListRow: Equatable, Sendable {
    case header(SectionHeader)
    case place(PlaceRow)
}

/// What a section header shows and offers.
public struct SectionHeader: Equatable, Sendable {
    public var section: PlaceSection
    /// The section's title with the number of places it shows, e.g. "Airports (412)".
    public var title: String
    /// Whether the section's places can be removed from the app (an imported file's).
    public var isRemovable: Bool
    /// Whether the section can be exported and shown alone (not the places found beyond the library).
    public var offersActions = true
    /// Whether it is one of the person's collections (it can be renamed and deleted).
    public var isCollection: Bool { if case .collection = section { true } else { false } }

    public init(section: PlaceSection, title: String, isRemovable: Bool, offersActions: Bool = true) {
        self.section = section
        self.title = title
        self.isRemovable = isRemovable
        self.offersActions = offersActions
    }
}

public struct PlaceRow: Equatable, Sendable {
    public var id: Place.ID
    /// The place's name (plain text).
    public var name: String
    /// "Airport", "Capital"...
    public var category: String
    /// The kind's symbol.
    public var symbol: String
    /// "1,234 km", or nil without a home city.
    public var distance: String?
    /// One of the person's favourites: the row shows a star.
    public var isFavourite = false
}

public struct PlacesListState: Equatable {
    public var query = ""
    /// "1,234 places found", or "Searching the world's towns…" while they are read and nothing is found yet.
    public var summary = ""
    /// Section headers and place rows, in display order (each row's text is made when it is shown).
    public var rows = PlacesListRows()
    /// The row of the selected place, if it is listed.
    public var selectedRow: Int?
    /// How many places match (each counted once, though a favourite is listed twice).
    public var found = 0
    /// The world's towns are being read for this search: what is found so far may not be all.
    public var isSearchingTowns = false
    /// Whether no place matches, and none can come (the view shows an empty state instead of a blank list).
    public var isEmpty: Bool { found == 0 && !isSearchingTowns }
    /// Why the search text, meant as a point, cannot be shown (the empty state says it).
    public var problem: String?
    /// A row to scroll to once: the view scrolls when `serial` is new.
    public var scrollTarget: ScrollTarget?

    public struct ScrollTarget: Equatable, Sendable {
        public var row: Int
        public var serial: Int
    }
}
