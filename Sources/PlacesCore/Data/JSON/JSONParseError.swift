/// Why a text is not valid JSON, and where: line and column are 1-based, columns count characters.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var line: Int
    public var column: Int

    /// "line 3, column 14: expected ',' or '}' after an object member".
    public var description: String { tr("line {line}, column {column}: {reason}", ["line": String(line), "column": String(column), "reason": reason]) }
}
