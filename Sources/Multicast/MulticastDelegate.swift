/// A one-to-many delegate: an object broadcasts to every delegate it has, holding each one weakly.
///
/// ```swift
/// @MainActor protocol ProfileModelDelegate: AnyObject { func didSave() }
/// let delegates = MulticastDelegate<any ProfileModelDelegate>()
/// delegates += profileViewModel          // add
/// delegates ~> { $0.didSave() }          // invoke
/// ```
///
/// Guarantees:
/// - **Weak.** A delegate is never retained. Once deallocated it is never called, counted or iterated,
///   and its slot is reclaimed before the storage grows, so churn never grows memory without bound.
/// - **FIFO.** Delegates are called in the order they were first added; adding one that is already
///   present changes nothing, so it keeps its first position.
/// - **Snapshot.** `invoke` calls the delegates present when it started. One added during a broadcast
///   is first called by the next broadcast; one removed (or deallocated) during a broadcast is not
///   called after its removal.
/// - **Nested broadcasts run depth first.** If a delegate's callback triggers another `invoke`, that
///   inner broadcast reaches every delegate before the outer one continues with the delegates after
///   the caller. Later delegates therefore receive the newer event first; a model that passes its
///   *current* value in the closure (rather than a captured one) keeps every delegate on the newest state.
///
/// Costs: `invoke` does per delegate what any weak storage must (load the weak reference, call,
/// release); `add`, `remove` and `contains` are O(1) amortized, through an index of the delegates'
/// addresses; storage is at most about 32 bytes per delegate.
///
/// Confinement: `MulticastDelegate` is deliberately not `Sendable`. Under Swift 6 strict concurrency it
/// stays in the isolation domain of its owner (typically a `@MainActor` model), so no lock is taken and
/// none is held while delegates run.
public final class MulticastDelegate<T> {
    // Confined to one isolation domain and never accessed across a call-out, so the dynamic
    // exclusivity checks (a measurable part of every delivery) are unnecessary.

    /// Slots in use (live delegates and tombstones), in delivery order.
    @usableFromInline @exclusivity(unchecked) var slotCount = 0
    /// Slots allocated in `references` and `delegates`.
    @usableFromInline @exclusivity(unchecked) var capacity = 0
    /// The weak half of each slot: nil once the delegate was deallocated or removed (a tombstone
    /// awaiting reclamation). Only a successful load of it makes the unretained half safe to use.
    @usableFromInline @exclusivity(unchecked) var references: UnsafeMutablePointer<WeakReference>
    /// The delegates themselves, bit-copied without retaining them (in effect `unowned(unsafe)`):
    /// `delegates[i]` is read only while `references[i].object` holds the object strongly. Storing `T`
    /// (a protocol existential) avoids a dynamic `as? T` cast per delivery.
    @usableFromInline @exclusivity(unchecked) var delegates: UnsafeMutablePointer<T>
    /// The address index: `addresses.buckets[b]` is a slot number, or -1 (see `MulticastDelegate+Index.swift`).
    @exclusivity(unchecked) var addresses = AddressIndex()
    @usableFromInline @exclusivity(unchecked) var invokeDepth = 0
    /// Set when a broadcast had to grow the storage, whose dead slots could not move then: they are
    /// reclaimed as soon as the outermost broadcast ends, so churn inside broadcasts stays bounded.
    @usableFromInline @exclusivity(unchecked) var reclaimPending = false

    public init() {
        references = UnsafeMutablePointer<WeakReference>.allocate(capacity: 0)
        delegates = UnsafeMutablePointer<T>.allocate(capacity: 0)
    }

    deinit {
        references.deinitialize(count: slotCount)
        references.deallocate()
        // The bit copies were never retained, so they are not released: only the memory goes.
        delegates.deallocate()
        addresses.deallocate()
    }

    /// Adds `delegate` at the end of the delivery order; does nothing if it is already present.
    /// During a broadcast the new delegate is first called by the next one.
    ///
    /// `T` must be a class or a class-bound protocol: a value type could not be held weakly.
    public func add(_ delegate: T) {
        let object = delegate as AnyObject
        assert(type(of: delegate as Any) is AnyClass, "MulticastDelegate<\(T.self)> holds delegates weakly: they must be objects")
        if liveIndex(of: object) != nil { return }
        if slotCount == capacity { makeRoom() }
        let slot = slotCount
        (references + slot).initialize(to: WeakReference(object))
        withUnsafeBytes(of: delegate) { bits in
            UnsafeMutableRawPointer(delegates + slot).copyMemory(from: bits.baseAddress!, byteCount: bits.count)
        }
        slotCount += 1
        insertAddress(of: slot)
    }

    /// Removes `delegate`; does nothing if it is not present. During a broadcast it is not called
    /// after this point.
    public func remove(_ delegate: T) {
        guard let slot = liveIndex(of: delegate as AnyObject) else { return }
        removeAddress(of: slot)
        if invokeDepth == 0, slot == slotCount - 1 {
            (references + slot).deinitialize(count: 1)
            slotCount -= 1
        } else {
            // Keep slot numbers stable for any broadcast in progress; the slot is reclaimed later.
            references[slot].object = nil
        }
    }

    /// Removes every delegate; during a broadcast, none is called after this point.
    public func removeAll() {
        if invokeDepth == 0 {
            references.deinitialize(count: slotCount)
            slotCount = 0
        } else {
            for slot in 0..<slotCount { references[slot].object = nil }
        }
        addresses.clear()
    }

    /// Calls `body` with each live delegate, in the order they were added.
    ///
    /// Delegates added during the call are not included; delegates removed or deallocated before their
    /// turn are skipped. `body` may itself add, remove or broadcast (see the type's documentation).
    @inlinable
    public func invoke(_ body: (T) -> Void) {
        let end = slotCount
        invokeDepth += 1
        defer {
            invokeDepth -= 1
            if invokeDepth == 0, reclaimPending { reclaimAfterBroadcast() }
        }
        var slot = 0
        while slot < end {
            // `references` and `delegates` are read anew each time: `body` may have grown the storage.
            if let object = references[slot].object {
                body((delegates + slot).pointee)  // borrowed where it lies: no copy, no retain
                _fixLifetime(object)  // the strong reference keeps the unretained copy valid
            }
            slot += 1
        }
    }

    @usableFromInline
    func reclaimAfterBroadcast() {
        reclaimPending = false
        compact()
    }

    public func contains(_ delegate: T) -> Bool {
        liveIndex(of: delegate as AnyObject) != nil
    }

    /// The number of live delegates (deallocated ones are never counted).
    public var count: Int {
        var live = 0
        for slot in 0..<slotCount where references[slot].object != nil { live += 1 }
        return live
    }

    /// True when no live delegate remains.
    public var isEmpty: Bool {
        for slot in 0..<slotCount where references[slot].object != nil { return false }
        return true
    }
}

/// The weak half of a delegate's slot. Loading it in place (`references[slot].object`, through the
/// pointer) costs what any weak reference costs; copying the struct would add two atomic operations.
@usableFromInline
struct WeakReference {
    @usableFromInline weak var object: AnyObject?

    @usableFromInline
    init(_ object: AnyObject) { self.object = object }
}

@available(*, unavailable, message: "MulticastDelegate is confined to its owner's isolation domain")
extension MulticastDelegate: Sendable {}
