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
        ExportText.collect { write(places, emit: $0) }
    }

    /// Writes the table a piece at a time to `emit` (`ExportText`).
    static func write(_ places: [ExportedPlace], emit: (String) -> Void) {
        let collectionColumns = places.map(\.collections.count).max() ?? 0
        let fixed = ["name", "latitude", "longitude", "category", "description", "summary", "link", "favourite"]
            + (0..<collectionColumns).map { "collections#\($0 + 1)" }
        let fixedSet = Set(fixed)
        let propertyColumns = Set(places.flatMap { $0.place.properties.map(\.key) }).subtracting(fixedSet).sorted()
        var out = (fixed + propertyColumns).map(field).joined(separator: ",") + "\r\n"
        for exported in places {
            let place = exported.place
            var row = [
                place.name, place.coordinate.latitude.description, place.coordinate.longitude.description, place.category.rawValue,
                exported.description, exported.summaryBesideNotes ?? "", place.link, exported.isFavourite ? "true" : "",
            ]
            row += (0..<collectionColumns).map { $0 < exported.collections.count ? exported.collections[$0] : "" }
            let properties = place.properties.dictionary
            row += propertyColumns.map { properties[$0] ?? "" }
            out += row.map(field).joined(separator: ",") + "\r\n"
            ExportText.hand(&out, to: emit)
        }
        emit(out)
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
