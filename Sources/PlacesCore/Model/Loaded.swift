/// What a store read: the value (nil when nothing was saved yet) and, when something about the file
/// needs saying (it was damaged and kept aside, say), a sentence for the person.
public struct Loaded<Value: Sendable>: Sendable {
    public var value: Value?
    public var notice: String?

    public init(_ value: Value?, notice: String? = nil) {
        self.value = value
        self.notice = notice
    }
}

extension Loaded: Equatable where Value: Equatable {}
