/// A reading of a hybrid logical clock (Kulkarni et al., "Logical Physical Clocks", 2014): wall-clock
/// milliseconds, and a counter that orders readings within one millisecond and keeps a clock that runs
/// behind from going backwards. A commit made after reading another always reads later than it,
/// however far apart the two machines' clocks are; between devices, equal readings are ordered by the
/// device's id (`SyncCommit.isLater(than:)`).
public struct HybridTimestamp: Comparable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var milliseconds: Int64
    public var counter: Int

    public init(milliseconds: Int64, counter: Int = 0) {
        self.milliseconds = milliseconds
        self.counter = counter
    }

    public static let zero = HybridTimestamp(milliseconds: 0)

    /// The reading after `self` on a machine whose wall clock says `now` (milliseconds since 1970):
    /// later than `self`, and not earlier than `now`.
    public func next(now: Int64) -> HybridTimestamp {
        now > milliseconds ? HybridTimestamp(milliseconds: now) : HybridTimestamp(milliseconds: milliseconds, counter: counter + 1)
    }

    public static func < (a: HybridTimestamp, b: HybridTimestamp) -> Bool {
        (a.milliseconds, a.counter) < (b.milliseconds, b.counter)
    }

    public var description: String { "\(milliseconds).\(counter)" }

    /// Written as `[milliseconds, counter]`: two numbers, no key names repeated on every line of a log.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        milliseconds = try container.decode(Int64.self)
        counter = try container.decode(Int.self)
        guard counter >= 0 else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "negative counter") }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(milliseconds)
        try container.encode(counter)
    }
}
