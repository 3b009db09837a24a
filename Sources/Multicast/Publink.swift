/// A typed publish/subscribe link (a "Publink", as the MVVM article that named it calls it): a model
/// or view-model publishes values of one type, and every subscriber's block receives them in
/// subscription order.
///
/// ```swift
/// let state = Publink<CardState>(replaysLast: true)
/// state.subscribe(self) { view, card in view.render(card) }   // ends when `self` is deallocated
/// state.publish(CardState(title: "Lyon"))
/// ```
///
/// Guarantees:
/// - Subscribers are called in the order they subscribed. One that subscribes during a publish first
///   receives the next value (and, with `replaysLast`, the latest value at once).
/// - A subscription with an owner holds the owner weakly and ends by itself once the owner is
///   deallocated; the block receives the owner, so it needs no `[weak self]` of its own.
/// - Cancelling or releasing a `Subscription` stops delivery immediately, even mid-publish.
/// - The link holds blocks strongly: a block without an owner must capture its owner weakly, or
///   there is a retain cycle.
///
/// Confinement: not `Sendable`; it stays in its owner's isolation domain (typically the main actor).
public final class Publink<Value> {
    /// One subscription: its block, retained by hand (released when the slot goes), so that a publish
    /// can call it without retaining and releasing it for every subscriber.
    @usableFromInline
    struct Slot {
        @usableFromInline let id: UInt64
        @usableFromInline let block: Unmanaged<Block>
        /// Cancelled during a publish: skipped from now on, freed when the outermost publish ends (so
        /// a block that cancels its own subscription is never freed while it runs).
        @usableFromInline var isCancelled = false
    }

    /// A subscriber's block, boxed so that an `Unmanaged` reference can hold it, with its owner.
    @usableFromInline
    final class Block {
        /// Called with the owner (strong for the call; nil for a subscription without one) and the value.
        @usableFromInline let call: (AnyObject?, Value) -> Void
        @usableFromInline let hasOwner: Bool
        /// Loaded in place by `publish`: no copy, so no extra reference counting.
        @usableFromInline @exclusivity(unchecked) weak var owner: AnyObject?

        init(owner: AnyObject?, _ call: @escaping (AnyObject?, Value) -> Void) {
            self.call = call
            hasOwner = owner != nil
            self.owner = owner
        }
    }

    @usableFromInline @exclusivity(unchecked) var slots: ContiguousArray<Slot> = []
    @usableFromInline @exclusivity(unchecked) var publishDepth = 0
    @usableFromInline @exclusivity(unchecked) var hasCancelledSlots = false
    private var nextID: UInt64 = 0

    /// Whether a new subscriber first receives the latest published value.
    public let replaysLast: Bool

    /// The most recently published value, or nil before the first `publish`.
    public private(set) var latest: Value?

    /// Creates a link; with `replaysLast`, each new subscriber is first given the latest value once.
    public init(replaysLast: Bool = false) {
        self.replaysLast = replaysLast
    }

    deinit {
        for slot in slots { slot.block.release() }
    }

    /// The number of active subscriptions (those whose owner was deallocated are not counted).
    public var subscriberCount: Int {
        slots.reduce(0) { count, slot in
            count + (slot.isCancelled || slot.block._withUnsafeGuaranteedRef { $0.hasOwner && $0.owner == nil } ? 0 : 1)
        }
    }

    /// Registers `block` for as long as the returned subscription is kept.
    public func subscribe(_ block: @escaping (Value) -> Void) -> Subscription {
        subscribe(Block(owner: nil) { _, value in block(value) })
    }

    /// Registers `block` for as long as `owner` lives: each value is delivered with the owner (held
    /// weakly by the link), and the subscription ends by itself once the owner is deallocated.
    /// Keeping the returned subscription is needed only to end it earlier.
    @discardableResult
    public func subscribe<Owner: AnyObject>(_ owner: Owner, _ block: @escaping (Owner, Value) -> Void) -> Subscription {
        subscribe(Block(owner: owner) { owner, value in block(unsafeDowncast(owner.unsafelyUnwrapped, to: Owner.self), value) })
    }

    private func subscribe(_ block: Block) -> Subscription {
        let id = nextID
        nextID += 1
        slots.append(Slot(id: id, block: .passRetained(block)))
        let subscription = Subscription(endsOnRelease: !block.hasOwner) { [weak self] in self?.cancel(id) }
        if replaysLast, let latest {
            if block.hasOwner {
                if let owner = block.owner { block.call(owner, latest) }
            } else {
                block.call(nil, latest)
            }
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
            let slot = slots[index]
            // The block stays retained by its slot until this publish ends (see `Slot.isCancelled`).
            if !slot.isCancelled {
                slot.block._withUnsafeGuaranteedRef { block in
                    let owner = block.hasOwner ? block.owner : nil  // loaded in place, released after the call
                    if block.hasOwner, owner == nil {
                        ownerWentAway(at: index)
                    } else {
                        block.call(owner, value)
                    }
                }
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

    /// The owner of the subscription in slot `index` was deallocated: the subscription ends.
    @usableFromInline
    func ownerWentAway(at index: Int) {
        slots[index].isCancelled = true
        hasCancelledSlots = true
    }

    @usableFromInline
    func removeCancelledSlots() {
        for slot in slots where slot.isCancelled { slot.block.release() }
        slots.removeAll { $0.isCancelled }
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
        guard low < slots.count, slots[low].id == id, !slots[low].isCancelled else { return }
        if publishDepth == 0 {
            slots.remove(at: low).block.release()
        } else {
            slots[low].isCancelled = true
            hasCancelledSlots = true
        }
    }
}

@available(*, unavailable, message: "Publink is confined to its owner's isolation domain")
extension Publink: Sendable {}
