/// Writes places as a table (RFC 4180 CSV, UTF-8, CRLF line ends) that spreadsheets and GIS tools
/// open: one row per place, `name`, `latitude`, `longitude`, `category`, `description`, `link`,
/// `favourite`, one `collections#N` column per collection of the place in most, then a column for
/// every property any place has, in name order.
///
/// A value that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return: OWASP's CSV injection) is written after an apostrophe, which spreadsheets show
/// as text, unless it is a plain number ("-3.5"); Places' own reader takes the apostrophe off.
public enum CSVWriter {
    /// The first bytes of a value a spreadsheet reads as a formula.
    static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]

    public static func write(_ places: [ExportedPlace]) -> String {
        ExportFormat.csv.text(for: places, title: "")
    }

    /// The table's columns, known before its first row: noted from every place it will hold.
    struct Columns {
        /// The most collections a place is in: a `collections#N` column each.
        private(set) var collections = 0
        private var properties = Set<String>()

        mutating func note(_ place: ExportedPlace) {
            collections = max(collections, place.collections.count)
            for (key, _) in place.place.properties { properties.insert(key) }
        }

        var fixed: [String] {
            ["name", "latitude", "longitude", "category", "description", "summary", "link", "favourite"] + (0..<collections).map { "collections#\($0 + 1)" }
        }

        /// A column for every property, in name order, but those the fixed columns carry.
        var others: [String] { properties.subtracting(fixed).sorted() }
    }

    /// The table, a row at a time; a line or an area has no row.
    struct Document: ExportDocument {
        private let collectionColumns: Int
        private let propertyColumns: [String]
        private var out: String

        init(columns: Columns) {
            collectionColumns = columns.collections
            propertyColumns = columns.others
            out = (columns.fixed + propertyColumns).map(CSVWriter.field).joined(separator: ",") + "\r\n"
        }

        mutating func add(_ exported: ExportedPlace, emit: (String) -> Void) {
            let place = exported.place
            var row = [
                place.name, place.coordinate.latitude.description, place.coordinate.longitude.description, place.category.rawValue,
                exported.description, exported.summaryBesideNotes ?? "", place.link, exported.isFavourite ? "true" : "",
            ]
            row += (0..<collectionColumns).map { $0 < exported.collections.count ? exported.collections[$0] : "" }
            let properties = place.properties.dictionary
            row += propertyColumns.map { properties[$0] ?? "" }
            out += row.map(CSVWriter.field).joined(separator: ",") + "\r\n"
            ExportText.hand(&out, to: emit)
        }

        mutating func add(_ shape: PlaceShape, emit: (String) -> Void) {}

        mutating func finish(emit: (String) -> Void) {
            emit(out)
            out = ""
        }
    }

    /// A value as a field: quoted when it holds a comma, a quote or a line break; after an apostrophe
    /// when a spreadsheet would read it as a formula.
    static func field(_ value: String) -> String {
        var value = value
        if let first = value.utf8.first, formulaStarts.contains(first), Double(value) == nil { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
