/// Why a text is not valid JSON, and where: line and column are 1-based, columns count characters.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    /// The line of the problem.
    public var line: Int
    /// The column of the problem.
    public var column: Int

    /// "line 3, column 14: expected ',' or '}' after an object member".
    public var description: String { "line \(line), column \(column): \(reason)" }
}
