/// One operation of a random `Publink` run. Subscribers are named by small integer ids.
indirect enum PublinkAction: Equatable, CustomStringConvertible {
    /// Subscribe a new subscriber `id`; the test holds its `Subscription`.
    case subscribe(Int)
    /// Cancel subscription `id` (possibly again).
    case cancel(Int)
    /// Drop the test's only reference to subscription `id`.
    case release(Int)
    /// Publish `value` (unique per run); when `trigger.target` receives it, its block performs `trigger.action`.
    case publish(Int, PublinkTrigger?)

    var description: String {
        switch self {
        case .subscribe(let id): "subscribe(\(id))"
        case .cancel(let id): "cancel(\(id))"
        case .release(let id): "release(\(id))"
        case .publish(let value, nil): "publish(\(value))"
        case .publish(let value, let trigger?): "publish(\(value))[on \(trigger.target): \(trigger.action)]"
        }
    }
}

/// An action performed from inside the block of subscriber `target`.
struct PublinkTrigger: Equatable {
    let target: Int
    let action: PublinkAction
}

/// One delivery: which subscriber got which value, and whether it was the replay on subscribe.
struct PublinkDelivery: Equatable, CustomStringConvertible {
    let subscriber: Int
    let value: Int
    let isReplay: Bool

    var description: String { "\(subscriber)<-\(value)\(isReplay ? "(replay)" : "")" }
}
