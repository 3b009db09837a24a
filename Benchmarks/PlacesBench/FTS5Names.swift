import CSQLite
import PlacesCore

/// The fair baseline for finding a town by name: SQLite's FTS5 holding the same names as the gazetteer
/// (each place's name and alternates), folded by FTS5's own `unicode61` tokenizer (accents removed), queried
/// as a person types: every word a prefix (`"gren"*`), the best 20 by FTS5's bm25 rank. And for "What's
/// here?", SQLite's R*Tree with the towns' positions, queried with growing boxes.
final class FTS5Names {
    private var database: OpaquePointer?
    private var byRank: OpaquePointer?
    private var byRowID: OpaquePointer?
    private var box: OpaquePointer?

    init(_ gazetteer: Gazetteer) throws {
        guard sqlite3_open(":memory:", &database) == SQLITE_OK else { throw BenchmarkFailure("sqlite3_open failed") }
        try execute("CREATE VIRTUAL TABLE gazetteer USING fts5(names, tokenize = 'unicode61 remove_diacritics 2')")
        try execute("CREATE VIRTUAL TABLE towns USING rtree(id, minLat, maxLat, minLon, maxLon)")
        try execute("BEGIN")
        let insert = try prepare("INSERT INTO gazetteer(rowid, names) VALUES (?, ?)")
        let position = try prepare("INSERT INTO towns VALUES (?, ?, ?, ?, ?)")
        for place in 0..<gazetteer.count {
            sqlite3_bind_int64(insert, 1, Int64(place) + 1)
            sqlite3_bind_text(insert, 2, gazetteer.names(of: place).joined(separator: " | "), -1, places_sqlite_transient())
            guard sqlite3_step(insert) == SQLITE_DONE else { throw BenchmarkFailure("FTS5 insert failed") }
            sqlite3_reset(insert)
            guard gazetteer.kind(of: place) == .town else { continue }
            let coordinate = gazetteer.coordinate(of: place)
            sqlite3_bind_int64(position, 1, Int64(place))
            for (index, value) in [coordinate.latitude, coordinate.latitude, coordinate.longitude, coordinate.longitude].enumerated() {
                sqlite3_bind_double(position, Int32(index + 2), value)
            }
            guard sqlite3_step(position) == SQLITE_DONE else { throw BenchmarkFailure("R*Tree insert failed") }
            sqlite3_reset(position)
        }
        sqlite3_finalize(insert)
        sqlite3_finalize(position)
        try execute("COMMIT")
        byRank = try prepare("SELECT rowid FROM gazetteer WHERE gazetteer MATCH ? ORDER BY rank LIMIT 20")
        byRowID = try prepare("SELECT rowid FROM gazetteer WHERE gazetteer MATCH ? LIMIT 20")
        box = try prepare("SELECT id, minLat, minLon FROM towns WHERE minLat <= ? AND maxLat >= ? AND minLon <= ? AND maxLon >= ?")
    }

    deinit {
        for statement in [byRank, byRowID, box] { sqlite3_finalize(statement) }
        sqlite3_close(database)
    }

    /// The best 20 by bm25 for `query`, every word a prefix; nothing for fewer than two letters, as in Places.
    func search(_ query: String, ranked: Bool = true) -> [Int] {
        let words = query.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard words.reduce(0, { $0 + $1.count }) >= 2 else { return [] }
        let match = words.map { "\"\($0)\"*" }.joined(separator: " ")
        let statement = ranked ? byRank : byRowID
        sqlite3_bind_text(statement, 1, match, -1, places_sqlite_transient())
        var found: [Int] = []
        while sqlite3_step(statement) == SQLITE_ROW { found.append(Int(sqlite3_column_int64(statement, 0)) - 1) }
        sqlite3_reset(statement)
        return found
    }

    /// The nearest town by boxes of ±0.25°, ±1°, ±4°, … around the point until one holds a town; then
    /// the nearest of them (great-circle).
    func nearest(to point: Coordinate) -> Int? {
        for size in [0.25, 1, 4, 16, 64, 360] {
            sqlite3_bind_double(box, 1, point.latitude + size)
            sqlite3_bind_double(box, 2, point.latitude - size)
            sqlite3_bind_double(box, 3, point.longitude + size)
            sqlite3_bind_double(box, 4, point.longitude - size)
            var best: (id: Int, kilometres: Double)?
            while sqlite3_step(box) == SQLITE_ROW {
                let town = Coordinate(latitude: sqlite3_column_double(box, 1), longitude: sqlite3_column_double(box, 2))
                let distance = town.distance(to: point)
                if distance < best?.kilometres ?? .infinity { best = (Int(sqlite3_column_int64(box, 0)), distance) }
            }
            sqlite3_reset(box)
            if let best { return best.id }
        }
        return nil
    }

    private func execute(_ sql: String) throws {
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkFailure("\(sql): \(String(cString: sqlite3_errmsg(database)))")
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
            throw BenchmarkFailure("\(sql): \(String(cString: sqlite3_errmsg(database)))")
        }
        return statement
    }
}
