import Foundation

/// The rows of the places list, built on demand: a keystroke only decides which rows exist (headers
/// and list positions), and a row's text is made when the list shows it, so 100,000 matches cost
/// one small array per keystroke rather than 100,000 formatted rows.
public struct PlacesListRows: RandomAccessCollection, Equatable, Sendable {
    /// What the rows are made from; shared by every state published until the places change.
    final class Content: Sendable {
        let places: [Place]
        let distances: [Double]?
        let locale: Locale
        /// Place indices in list order, section after section.
        let listOrder: [Int]

        init(places: [Place], distances: [Double]?, locale: Locale, listOrder: [Int]) {
            self.places = places
            self.distances = distances
            self.locale = locale
            self.listOrder = listOrder
        }
    }

    private let content: Content?
    /// For each row: a list position (≥ 0), or a header as `-(header index + 1)`.
    private let entries: [Int]
    private let headers: [String]

    init(content: Content?, entries: [Int], headers: [String]) {
        self.content = content
        self.entries = entries
        self.headers = headers
    }

    /// No rows.
    public init() {
        self.init(content: nil, entries: [], headers: [])
    }

    /// The first row's index (0).
    public var startIndex: Int { 0 }
    /// One past the last row.
    public var endIndex: Int { entries.count }

    /// The row at `position`.
    public subscript(position: Int) -> PlacesListRow {
        let entry = entries[position]
        guard entry >= 0, let content else { return .header(title: headers[-entry - 1]) }
        let index = content.listOrder[entry]
        let place = content.places[index]
        return .place(PlaceRow(
            id: place.id, name: place.name, category: place.category.displayName, symbol: place.category.symbol,
            distance: content.distances.map { PlaceFormatting.distance(kilometres: $0[index], locale: content.locale) }
        ))
    }

    /// The index in the model's `places` of the place on `row`, nil for a header.
    func placeIndex(atRow row: Int) -> Int? {
        guard entries.indices.contains(row), entries[row] >= 0, let content else { return nil }
        return content.listOrder[entries[row]]
    }

    /// The header index on `row`, nil for a place.
    func headerIndex(atRow row: Int) -> Int? {
        guard entries.indices.contains(row), entries[row] < 0 else { return nil }
        return -entries[row] - 1
    }

    /// Rows are equal when they show the same things.
    public static func == (lhs: PlacesListRows, rhs: PlacesListRows) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
