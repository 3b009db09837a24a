/// A typed publish/subscribe link (a "Publink", as the MVVM article that named it calls it): a model
/// or view-model publishes values of one type, and every subscriber's block receives them in
/// subscription order.
///
/// ```swift
/// let state = Publink<CardState>(replaysLast: true)
/// let subscription = state.subscribe { [weak self] in self?.render($0) }
/// state.publish(CardState(title: "Lyon"))
/// ```
///
/// Guarantees:
/// - Subscribers are called in the order they subscribed. One that subscribes during a publish first
///   receives the next value (and, with `replaysLast`, the latest value at once).
/// - Cancelling or releasing the `Subscription` stops delivery immediately, even mid-publish.
/// - The link holds blocks strongly and subscribers hold their `Subscription`: capture the owner
///   weakly in the block and there is no retain cycle.
///
/// Confinement: not `Sendable`; it stays in its owner's isolation domain (typically the main actor).
public final class Publink<Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline let id: UInt64
        @usableFromInline var block: ((Value) -> Void)?
    }

    @usableFromInline @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
    @usableFromInline @exclusivity(unchecked) var publishDepth = 0
    @usableFromInline var hasCancelledSlots = false
    private var nextID: UInt64 = 0

    /// Whether a new subscriber first receives the latest published value.
    public let replaysLast: Bool

    /// The most recently published value, or nil before the first `publish`.
    public private(set) var latest: Value?

    /// Creates a link; with `replaysLast`, each new subscriber is first given the latest value once.
    public init(replaysLast: Bool = false) {
        self.replaysLast = replaysLast
    }

    /// The number of active subscriptions.
    public var subscriberCount: Int {
        slots.reduce(0) { $0 + ($1.block == nil ? 0 : 1) }
    }

    /// Registers `block` and returns the subscription that keeps it registered.
    public func subscribe(_ block: @escaping (Value) -> Void) -> Subscription {
        let id = nextID
        nextID += 1
        slots.append(Slot(id: id, block: block))
        let subscription = Subscription { [weak self] in self?.cancel(id) }
        if replaysLast, let latest {
            block(latest)
        }
        return subscription
    }

    /// Delivers `value` to every subscriber, in subscription order, and remembers it as `latest`.
    @inlinable
    public func publish(_ value: Value) {
        setLatest(value)
        let end = slots.count
        publishDepth += 1
        var index = 0
        while index < end {
            if let block = slots[index].block {
                block(value)
            }
            index += 1
        }
        publishDepth -= 1
        if publishDepth == 0, hasCancelledSlots {
            removeCancelledSlots()
        }
    }

    @usableFromInline
    func setLatest(_ value: Value) { latest = value }

    @usableFromInline
    func removeCancelledSlots() {
        slots.removeAll { $0.block == nil }
        hasCancelledSlots = false
    }

    /// Ids grow with each subscription and slots keep that order, so a binary search finds the slot.
    private func cancel(_ id: UInt64) {
        var low = 0
        var high = slots.count
        while low < high {
            let mid = (low + high) / 2
            if slots[mid].id < id { low = mid + 1 } else { high = mid }
        }
        guard low < slots.count, slots[low].id == id else { return }
        if publishDepth == 0 {
            slots.remove(at: low)
        } else {
            slots[low].block = nil
            hasCancelledSlots = true
        }
    }
}

@available(*, unavailable, message: "Publink is confined to its owner's isolation domain")
extension Publink: Sendable {}
