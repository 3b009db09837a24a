/// What a save left in its file: the value the file now holds (what was sent, merged with what
/// another instance saved meanwhile), and anything the person should be told about the file.
public struct Saved<Value: Sendable>: Sendable {
    public var value: Value
    /// Set when the save found a damaged file in its place and kept it aside.
    public var notice: String?

    public init(_ value: Value, notice: String? = nil) {
        self.value = value
        self.notice = notice
    }
}

extension Saved: Equatable where Value: Equatable {}
