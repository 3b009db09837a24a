/// What a save left in its file: the value the file now holds (what was sent, merged with what
/// another instance saved meanwhile), and anything the person should be told about the file.
public struct Saved<Value: Sendable>: Sendable {
    public var value: Value
    /// Set when the save found a damaged file in its place and kept it aside.
    public var notice: String?
    /// The names of the other computers whose changes the save took in (none: what it took in, if
    /// anything, came from another window on this one).
    public var computers: [String]

    public init(_ value: Value, notice: String? = nil, computers: [String] = []) {
        self.value = value
        self.notice = notice
        self.computers = computers
    }
}

extension Saved: Equatable where Value: Equatable {}
