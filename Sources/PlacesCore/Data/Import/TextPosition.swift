/// A place in a text file: 1-based line and column (a column counts characters).
public struct TextPosition: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// "line 12, column 5".
    public var description: String {
        tr("line {line}, column {column}", ["line": String(line), "column": String(column)])
    }
}
