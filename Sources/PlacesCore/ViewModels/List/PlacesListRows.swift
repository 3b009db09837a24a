/// The rows of the places list, made on demand: a keystroke only decides which rows exist (headers
/// and place slots), and a row's text is made when the list shows it, so 100,000 matches cost one small
/// array per keystroke rather than 100,000 formatted rows.
@MainActor
public struct PlacesListRows: Equatable {
    /// For each row: a place's slot (≥ 0), a header as `-(header index + 1)`, or a place found beyond
    /// the library as `foundRow + found index` (far below any header).
    private let entries: [Int]
    private let headers: [SectionHeader]
    /// The rows of places found beyond the library (a town, a point), written when found: a few at most.
    private let found: [PlaceRow]
    private let maker: PlaceRowMaker?

    static let foundRow = Int.min / 2

    init(entries: [Int], headers: [SectionHeader], found: [PlaceRow] = [], maker: PlaceRowMaker) {
        self.entries = entries
        self.headers = headers
        self.found = found
        self.maker = maker
    }

    public nonisolated init() {
        entries = []
        headers = []
        found = []
        maker = nil
    }

    public var count: Int { entries.count }
    public var indices: Range<Int> { entries.indices }

    public subscript(position: Int) -> PlacesListRow {
        let entry = entries[position]
        if entry < Self.foundRow / 2 { return .place(found[entry - Self.foundRow]) }
        guard entry >= 0 else { return .header(headers[-entry - 1]) }
        return .place(maker?.row(forSlot: entry) ?? PlaceRow(id: "", name: "", category: "", symbol: ""))
    }

    /// The slot of the place on `position`, nil for a header.
    func slot(atRow position: Int) -> Int? {
        entries.indices.contains(position) && entries[position] >= 0 ? entries[position] : nil
    }

    /// The id of the place on `position` (in the library or found), nil for a header.
    func id(atRow position: Int) -> Place.ID? {
        guard entries.indices.contains(position) else { return nil }
        if case .place(let row) = self[position] { return row.id }
        return nil
    }

    /// The first row showing the place with `id`.
    public func position(of id: Place.ID) -> Int? {
        if let index = found.firstIndex(where: { $0.id == id }) { return entries.firstIndex(of: Self.foundRow + index) }
        guard let slot = maker?.slot(of: id) else { return nil }
        return entries.firstIndex(of: slot)
    }

    /// Rows are equal when they list the same things from the same data.
    public nonisolated static func == (lhs: PlacesListRows, rhs: PlacesListRows) -> Bool {
        lhs.maker === rhs.maker && lhs.entries == rhs.entries && lhs.headers == rhs.headers && lhs.found == rhs.found
    }
}
