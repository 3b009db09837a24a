/// What is wrong in a text file and where: line and column are 1-based (a column counts characters),
/// nil when the problem has no one place.
public struct TextProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var line: Int?
    public var column: Int?

    public init(_ reason: String, line: Int? = nil, column: Int? = nil) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// "line 3, column 14: a tag is not closed", "line 3: …", or the reason alone.
    public var description: String {
        switch (line, column) {
        case let (line?, column?):
            tr("line {line}, column {column}: {reason}", ["line": String(line), "column": String(column), "reason": reason])
        case let (line?, nil):
            tr("line {line}: {reason}", ["line": String(line), "reason": reason])
        default:
            reason
        }
    }
}
