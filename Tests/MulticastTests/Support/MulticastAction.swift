/// One operation of a random `MulticastDelegate` run. Delegates are named by small integer ids.
indirect enum MulticastAction: Equatable, CustomStringConvertible {
    /// Create delegate `id` (the test holds it) and add it.
    case addNew(Int)
    /// Add a delegate the test holds (already present or not).
    case addExisting(Int)
    /// Remove a delegate the test holds (present or not).
    case remove(Int)
    /// Drop the test's only strong reference to a delegate.
    case release(Int)
    /// Broadcast; when `trigger.target` is called by this broadcast, its callback performs `trigger.action`.
    case invoke(MulticastTrigger?)

    var description: String {
        switch self {
        case .addNew(let id): "addNew(\(id))"
        case .addExisting(let id): "add(\(id))"
        case .remove(let id): "remove(\(id))"
        case .release(let id): "release(\(id))"
        case .invoke(nil): "invoke"
        case .invoke(let trigger?): "invoke[on \(trigger.target): \(trigger.action)]"
        }
    }
}

/// An action performed from inside the callback of delegate `target`.
struct MulticastTrigger: Equatable {
    let target: Int
    let action: MulticastAction
}

/// One delegate call: which delegate, by the broadcast at which nesting depth (1 = outermost).
struct MulticastCall: Equatable, CustomStringConvertible {
    let depth: Int
    let id: Int

    var description: String { "\(id)@\(depth)" }
}
