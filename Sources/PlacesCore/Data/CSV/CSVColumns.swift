/// Which columns of a table hold the positions, found from the header's names.
struct CSVColumns {
    enum Position {
        /// Latitude and longitude in degrees, in these columns.
        case degrees(latitude: Int, longitude: Int)
        /// Well-Known Text in this column.
        case wkt(Int)
    }

    let position: Position
    /// The `id` column, if any.
    let id: Int?
    /// What the import's details say about the choice of columns.
    var notes: [String] = []

    /// The columns that hold the position, not kept as properties.
    var positional: Set<Int> {
        switch position {
        case .degrees(let latitude, let longitude): [latitude, longitude]
        case .wkt(let column): [column]
        }
    }

    private static let latitudeNames: Set<String> = ["lat", "latitude"]
    private static let longitudeNames: Set<String> = ["lon", "lng", "long", "longitude"]
    private static let wktNames: Set<String> = ["wkt", "geometry", "geom", "the_geom", "wkt_geom"]

    init(_ header: [String]) throws(ImportError) {
        let names = header.map { $0.lowercased() }
        func column(_ accepted: Set<String>) -> Int? { names.firstIndex(where: accepted.contains) }
        id = names.firstIndex(of: "id")
        let latitude = column(Self.latitudeNames), longitude = column(Self.longitudeNames)
        let y = names.firstIndex(of: "y"), x = names.firstIndex(of: "x")
        if let latitude, let longitude {
            position = .degrees(latitude: latitude, longitude: longitude)
            notes.append(tr("coordinates from the columns “{latitude}” and “{longitude}”", ["latitude": header[latitude], "longitude": header[longitude]]))
            if let x, let y {
                notes.append(tr("the columns “{x}” and “{y}” are kept as they are: in many tables they are a map projection's metres, not degrees",
                                ["x": header[x], "y": header[y]]))
            }
        } else if let x, let y {
            position = .degrees(latitude: y, longitude: x)
            notes.append(tr("coordinates from the columns “{x}” (longitude) and “{y}” (latitude)", ["x": header[x], "y": header[y]]))
        } else if let wkt = column(Self.wktNames) {
            position = .wkt(wkt)
            notes.append(tr("geometries from the column “{column}” (WKT)", ["column": header[wkt]]))
        } else {
            throw .invalidCSV(TextProblem(
                tr("the header names no latitude and longitude columns (lat, latitude, y; lon, lng, long, longitude, x) and no WKT column; it names: {columns}",
                   ["columns": header.prefix(12).map { "“\($0.clipped(to: 30))”" }.joined(separator: ", ")]),
                line: 1))
        }
    }
}
