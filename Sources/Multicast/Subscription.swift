/// A live subscription to a `Publink`. Delivery stops when it is cancelled; a subscription without
/// an owner also stops when it is released.
///
/// Keep a subscription without an owner for as long as you want values, e.g. in a stored property or
/// a `Set<Subscription>`:
/// ```swift
/// viewModel.state.subscribe { [weak self] state in self?.render(state) }.store(in: &subscriptions)
/// ```
/// Not `Sendable`: like the `Publink` it came from, it belongs to one isolation domain.
public final class Subscription {
    private var onCancel: (() -> Void)?
    private let endsOnRelease: Bool

    /// Creates a subscription that runs `onCancel` once, on the first `cancel()`, and on release too
    /// when `endsOnRelease` (a subscription with an owner ends with its owner instead).
    public init(endsOnRelease: Bool = true, onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
        self.endsOnRelease = endsOnRelease
    }

    deinit { if endsOnRelease { cancel() } }

    /// Stops delivery immediately, even in the middle of a publish. Calling it again does nothing.
    public func cancel() {
        guard let action = onCancel else { return }
        onCancel = nil
        action()
    }

    public var isCancelled: Bool { onCancel == nil }

    /// Keeps this subscription alive in `set` (released, and so cancelled, with the set).
    public func store(in set: inout Set<Subscription>) {
        set.insert(self)
    }
}

extension Subscription: Hashable {
    /// Subscriptions are equal only to themselves.
    public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

    /// Hashes the subscription's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@available(*, unavailable, message: "Subscription is confined to its owner's isolation domain")
extension Subscription: Sendable {}
