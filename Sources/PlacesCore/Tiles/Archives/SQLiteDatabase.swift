import CSQLite

/// A SQLite database opened read-only, and the few calls MBTiles needs. Not thread-safe: its owner
/// serializes the calls.
final class SQLiteDatabase {
    private var handle: OpaquePointer?

    init(path: String) throws(TileArchiveError) {
        var opened: OpaquePointer?
        let status = FileName.withCString(path) { sqlite3_open_v2($0, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) }
        handle = opened
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(status)"
            sqlite3_close(handle)
            throw .damaged(tr("SQLite cannot open it ({reason})", ["reason": message]))
        }
    }

    deinit { sqlite3_close(handle) }

    /// A statement over `sql`, nil when SQLite refuses it (a table missing); `reason` says why.
    func prepare(_ sql: String) -> (statement: Statement?, reason: String) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            return (nil, String(cString: sqlite3_errmsg(handle)))
        }
        return (Statement(statement, database: handle), "")
    }

    /// A prepared statement, stepped row by row and reset for the next use.
    final class Statement {
        private let statement: OpaquePointer
        private let database: OpaquePointer?

        fileprivate init(_ statement: OpaquePointer, database: OpaquePointer?) {
            self.statement = statement
            self.database = database
        }

        deinit { sqlite3_finalize(statement) }

        func bind(_ values: [Int]) {
            sqlite3_reset(statement)
            for (index, value) in values.enumerated() { sqlite3_bind_int64(statement, Int32(index + 1), sqlite3_int64(value)) }
        }

        /// Moves to the next row: true when there is one.
        func step() throws(TileArchiveError) -> Bool {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw .damaged(tr("SQLite cannot read it ({reason})", ["reason": String(cString: sqlite3_errmsg(database))]))
            }
        }

        func text(_ column: Int32) -> String? {
            sqlite3_column_text(statement, column).map { String(cString: $0) }
        }

        func integer(_ column: Int32) -> Int? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, column))
        }

        /// How many bytes the blob in `column` holds (read before copying it).
        func blobSize(_ column: Int32) -> Int { Int(sqlite3_column_bytes(statement, column)) }

        func blob(_ column: Int32) -> [UInt8] {
            let count = blobSize(column)
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: count))
        }
    }
}
