/// Reads a table of places (CSV or TSV, from a spreadsheet, a database or GIS tool): the delimiter
/// is found from the header line (comma, semicolon, tab or bar), which names the columns. Positions
/// come from a latitude and a longitude column, found by name in any case (`lat`/`latitude`/`y`,
/// `lon`/`lng`/`long`/`longitude`/`x`), or from a WKT column (`POINT (…)`, also lines and polygons, as
/// GDAL writes them). When a table has both latitude/longitude and X/Y columns, latitude and longitude
/// are used: X and Y are often a projection's metres, not degrees (the import's details say so).
/// Every other column is a property; the usual names give the place's name, description, kind and link.
///
/// Ids come from an `id` column, or the row's number (`row3`).
public struct CSVReader: FeatureReader {
    let maker: FeatureMaker

    public init(source: PlaceSource.ID, idPrefix: String? = nil) {
        maker = FeatureMaker(source: source, idPrefix: idPrefix)
    }

    /// Reads `bytes`, handing each place and shape to `each` in row order.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally {
        try read(bytes, makesFeatures: true, reached: reached, each: each)
    }

    public func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportTally {
        try read(bytes, makesFeatures: false, reached: { _ in }) { _ in }
    }

    private func read(
        _ bytes: UnsafeBufferPointer<UInt8>, makesFeatures: Bool, reached: (Int) -> Void, each: (ImportedFeature) -> Void
    ) throws(ImportError) -> ImportTally {
        guard let delimiter = CSVRecords.sniffDelimiter(bytes) else {
            throw .unknownFormat(tr("it is not GeoJSON, GPX, KML, KMZ or a table with a header line (comma, semicolon or tab separated), which Places reads"))
        }
        var records = CSVRecords(bytes, delimiter: delimiter)
        var fields: [CSVRecords.Field] = []
        guard try records.next(into: &fields) else { throw .invalidCSV(TextProblem(tr("the table is empty"))) }
        let header = try fields.map { field throws(ImportError) in
            guard let name = records.text(field) else { throw .invalidCSV(TextProblem(tr("the header is not UTF-8 text (save the table as UTF-8)"), line: 1)) }
            return name.trimmedOfWhitespace
        }
        let columns = try CSVColumns(header)
        var tally = ImportTally()
        tally.notes += columns.notes
        let positional = columns.positional
        var properties = PropertyBuffer()
        // A spreadsheet saved in a language that writes 48,2 for 48.2 separates its columns with
        // semicolons or tabs: there, one comma in a number is its decimal point.
        let decimalComma = delimiter != UInt8(ascii: ",")
        var row = 0
        while true {
            let line = records.line
            // Told before a record is read: its fields are read from the bytes after.
            if row & 4095 == 4095 {
                if Task.isCancelled { throw .cancelled }
                reached(records.offset)
            }
            guard try records.next(into: &fields) else { break }
            row += 1
            if fields.count == 1, fields[0].range.isEmpty { continue }  // an empty line
            var reason: String { tr("row {row} (line {line})", ["row": String(row), "line": String(line)]) }
            guard records.recordIsUTF8 else {
                tally.skip(tr("{feature}: {reason}", ["feature": reason, "reason": tr("text that is not UTF-8 (save the table as UTF-8)")]))
                continue
            }
            // A row's one point, or what its WKT holds.
            let geometry: Result<Either, CoordinateCheck.Problem>
            switch columns.position {
            case .degrees(let latitude, let longitude):
                geometry = Self.coordinate(in: fields, latitude: latitude, longitude: longitude, of: records, decimalComma: decimalComma)
                    .map(Either.point)
            case .wkt(let column):
                geometry = fields.indices.contains(column) ? records.text(fields[column]).map { WKTGeometry.parse($0).map(Either.wkt) }
                    ?? .failure(.init(reason: tr("it has no geometry"))) : .failure(.init(reason: tr("it has no geometry")))
            }
            let shape: WKTGeometry
            switch geometry {
            case .success(.point(let point)):
                tally.places += 1
                guard makesFeatures else { continue }
                shape = .points([point])
            case .success(.wkt(let read)):
                switch read {
                case .points(let points): tally.places += points.count
                case .line: tally.lines += 1
                case .area: tally.areas += 1
                }
                guard makesFeatures else { continue }
                shape = read
            case .failure(let problem):
                tally.skip(tr("{feature}: {reason}", ["feature": reason, "reason": problem.reason]))
                continue
            }
            properties.removeAll()
            var id: String?
            for (index, field) in fields.enumerated() where index < header.count && !positional.contains(index) {
                guard let text = records.text(field), !text.isEmpty else { continue }
                if index == columns.id { id = text }
                properties.bytes.append(contentsOf: header[index].utf8)
                let textStart = properties.bytes.count
                properties.bytes.append(contentsOf: text.utf8)
                properties.add(path: (textStart - header[index].utf8.count)..<textStart, text: textStart..<properties.bytes.count)
            }
            let fieldsRead = FeatureFields(properties)
            let rowID = id ?? "row\(row)"
            switch shape {
            case .points(let points):
                for (index, point) in points.enumerated() {
                    each(.place(maker.place(at: point, fields: fieldsRead, id: points.count > 1 ? "\(rowID)#\(index + 1)" : rowID, number: row), groups: fieldsRead.groups))
                }
            case .line(let parts): each(.shape(maker.shape(.line, parts: parts, fields: fieldsRead, id: rowID, number: row)))
            case .area(let parts): each(.shape(maker.shape(.area, parts: parts, fields: fieldsRead, id: rowID, number: row)))
            }
        }
        return tally
    }

    private enum Either {
        case point(Coordinate)
        case wkt(WKTGeometry)
    }

    /// The position in a row's latitude and longitude columns, read from the bytes.
    private static func coordinate(
        in fields: [CSVRecords.Field], latitude: Int, longitude: Int, of records: CSVRecords, decimalComma: Bool
    ) -> Result<Coordinate, CoordinateCheck.Problem> {
        guard fields.indices.contains(latitude) else { return .failure(.init(reason: tr("it has no latitude"))) }
        guard fields.indices.contains(longitude) else { return .failure(.init(reason: tr("it has no longitude"))) }
        guard let latitudeValue = records.number(fields[latitude], decimalComma: decimalComma) else {
            return .failure(.init(reason: tr("latitude “{text}” is not a number", ["text": (records.text(fields[latitude]) ?? "").clipped(to: 40)])))
        }
        guard let longitudeValue = records.number(fields[longitude], decimalComma: decimalComma) else {
            return .failure(.init(reason: tr("longitude “{text}” is not a number", ["text": (records.text(fields[longitude]) ?? "").clipped(to: 40)])))
        }
        return CoordinateCheck.coordinate(latitude: latitudeValue, longitude: longitudeValue)
    }
}
