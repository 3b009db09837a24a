/// The rows of the places list, made on demand: a keystroke only decides which rows exist (headers
/// and place slots), and a row's text is made when the list shows it, so 100,000 matches cost one small
/// array per keystroke rather than 100,000 formatted rows.
@MainActor
public struct PlacesListRows: Equatable {
    /// For each row: a place's slot (≥ 0), or a header as `-(header index + 1)`.
    private let entries: [Int]
    private let headers: [SectionHeader]
    private let maker: PlaceRowMaker?

    init(entries: [Int], headers: [SectionHeader], maker: PlaceRowMaker) {
        self.entries = entries
        self.headers = headers
        self.maker = maker
    }

    public nonisolated init() {
        entries = []
        headers = []
        maker = nil
    }

    public var count: Int { entries.count }
    public var indices: Range<Int> { entries.indices }

    public subscript(position: Int) -> PlacesListRow {
        let entry = entries[position]
        guard entry >= 0 else { return .header(headers[-entry - 1]) }
        return .place(maker?.row(forSlot: entry) ?? PlaceRow(id: "", name: "", category: "", symbol: ""))
    }

    /// The slot of the place on `position`, nil for a header.
    func slot(atRow position: Int) -> Int? {
        entries.indices.contains(position) && entries[position] >= 0 ? entries[position] : nil
    }

    /// The first row showing the place with `id`.
    public func position(of id: Place.ID) -> Int? {
        guard let slot = maker?.slot(of: id) else { return nil }
        return entries.firstIndex(of: slot)
    }

    /// Rows are equal when they list the same things from the same data.
    public nonisolated static func == (lhs: PlacesListRows, rhs: PlacesListRows) -> Bool {
        lhs.maker === rhs.maker && lhs.entries == rhs.entries && lhs.headers == rhs.headers
    }
}
