/// One broadcast mechanism, already set up with its subscribers.
struct DeliveryCandidate {
    /// The letter the report names its column by.
    let key: String
    let name: String
    /// Broadcasts `events` events, each to every subscriber.
    let deliver: (_ events: Int) -> Void
    /// What the subscribers received in total; printed so no delivery can be optimized away.
    let checksum: () -> Int
    /// Objects that must outlive the measurements (subscribers held only weakly, side references, tokens).
    let keepAlive: [Any]
}
