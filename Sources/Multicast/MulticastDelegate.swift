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
/// Confinement: `MulticastDelegate` is deliberately not `Sendable`. Under Swift 6 strict concurrency it
/// stays in the isolation domain of its owner (typically a `@MainActor` model), so no lock is taken and
/// none is held while delegates run.
public final class MulticastDelegate<T> {
    /// The weak half of a slot: nil once the delegate was deallocated or removed (a tombstone
    /// awaiting reclamation). Only a successful load of it makes the unretained half safe to use.
    @usableFromInline
    struct Entry {
        @usableFromInline weak var object: AnyObject?

        @usableFromInline
        init(_ object: AnyObject) { self.object = object }
    }

    // Confined to one isolation domain and never accessed across a call-out, so the dynamic
    // exclusivity checks (a measurable part of every delivery) are unnecessary.
    @usableFromInline @exclusivity(unchecked) var entries: ContiguousArray<Entry> = []
    /// The delegates themselves, bit-copied without retaining them (in effect `unowned(unsafe)`):
    /// `delegates[i]` is read only while `entries[i].object` holds the object strongly. Storing `T`
    /// (a protocol existential) avoids a dynamic `as? T` cast per delivery.
    @usableFromInline @exclusivity(unchecked) var delegates: UnsafeMutablePointer<T>
    @usableFromInline @exclusivity(unchecked) var delegateCapacity = 0
    @usableFromInline @exclusivity(unchecked) var invokeDepth = 0
    /// Set when an `add` during a broadcast found the storage half full: dead slots are then reclaimed as
    /// soon as the outermost broadcast ends, so churn inside broadcasts cannot grow memory without bound.
    @usableFromInline @exclusivity(unchecked) var reclaimPending = false

    /// Creates an empty multicast delegate.
    public init() {
        delegates = UnsafeMutablePointer<T>.allocate(capacity: 0)
    }

    deinit {
        // The bit copies were never retained, so they are not released: only the memory goes.
        delegates.deallocate()
    }

    /// Adds `delegate` at the end of the delivery order; does nothing if it is already present.
    /// During a broadcast the new delegate is first called by the next one.
    ///
    /// `T` must be a class or a class-bound protocol: a value type could not be held weakly.
    /// Cost: a scan of the delegates' addresses for the duplicate check (about 1.6 µs among 1,000).
    public func add(_ delegate: T) {
        let object = delegate as AnyObject
        assert(type(of: delegate as Any) is AnyClass, "MulticastDelegate<\(T.self)> holds delegates weakly: they must be objects")
        if liveIndex(of: object) != nil { return }
        if invokeDepth == 0 {
            if entries.count == entries.capacity { reclaimDeadSlots() }
        } else if entries.count >= entries.capacity / 2 {
            // Slots cannot move during a broadcast; reclaim when the outermost one ends, before the
            // storage is full, or every broadcast that adds would ratchet the capacity up.
            reclaimPending = true
        }
        let index = entries.count
        entries.append(Entry(object))
        if index >= delegateCapacity { growDelegates(to: entries.capacity) }
        withUnsafeBytes(of: delegate) { bits in
            UnsafeMutableRawPointer(delegates + index).copyMemory(from: bits.baseAddress!, byteCount: bits.count)
        }
    }

    /// Removes `delegate`; does nothing if it is not present. During a broadcast it is not called
    /// after this point.
    public func remove(_ delegate: T) {
        guard let index = liveIndex(of: delegate as AnyObject) else { return }
        if invokeDepth == 0, index == entries.count - 1 {
            entries.removeLast()
        } else {
            // Keep indices stable for any broadcast in progress; the slot is reclaimed later.
            entries[index].object = nil
        }
    }

    /// Removes every delegate.
    public func removeAll() {
        if invokeDepth == 0 {
            entries.removeAll(keepingCapacity: true)
        } else {
            for index in entries.indices { entries[index].object = nil }
        }
    }

    /// Calls `body` with each live delegate, in the order they were added.
    ///
    /// Delegates added during the call are not included; delegates removed or deallocated before their
    /// turn are skipped. `body` may itself add, remove or broadcast (see the type's documentation).
    @inlinable
    public func invoke(_ body: (T) -> Void) {
        let end = entries.count
        invokeDepth += 1
        defer {
            invokeDepth -= 1
            if invokeDepth == 0, reclaimPending { reclaimAfterBroadcast() }
        }
        var index = 0
        while index < end {
            if let object = object(at: index) {
                body(delegates[index])
                _fixLifetime(object)  // the strong reference keeps the unretained copy valid
            }
            index += 1
        }
    }

    /// The weak reference of slot `index`, loaded where it lives. `entries[index].object` would first copy
    /// the entry, and copying a weak reference costs two more atomic operations on the object's side
    /// table (`swift_weakCopyInit`, `swift_weakDestroy`): twice the inherent cost of a delivery.
    @inlinable
    func object(at index: Int) -> AnyObject? {
        entries.withUnsafeBufferPointer { buffer in
            UnsafeMutablePointer(mutating: buffer.baseAddress.unsafelyUnwrapped + index).pointee.object
        }
    }

    @usableFromInline
    func reclaimAfterBroadcast() {
        reclaimPending = false
        reclaimDeadSlots()
    }

    /// Whether `delegate` is currently present.
    public func contains(_ delegate: T) -> Bool {
        liveIndex(of: delegate as AnyObject) != nil
    }

    /// The number of live delegates (deallocated ones are never counted).
    public var count: Int {
        var live = 0
        for index in entries.indices where object(at: index) != nil { live += 1 }
        return live
    }

    /// True when no live delegate remains.
    public var isEmpty: Bool {
        for index in entries.indices where object(at: index) != nil { return false }
        return true
    }

    /// The object address in slot `index`, read from the delegate's bits without touching the object
    /// (a class reference, or a class-bound existential, starts with the object pointer).
    func address(at index: Int) -> UInt {
        UnsafeRawPointer(delegates + index).load(as: UInt.self)
    }

    /// The storage index of the live slot for `object`, if any. Addresses are compared first, so a
    /// scan costs no reference counting; a matching address whose weak reference reads nil belongs
    /// to a dead object whose memory was reused, so the scan goes on.
    func liveIndex(of object: AnyObject) -> Int? {
        let target = UInt(bitPattern: ObjectIdentifier(object))
        var index = 0
        let end = entries.count
        while index < end {
            if address(at: index) == target, self.object(at: index) === object { return index }
            index += 1
        }
        return nil
    }

    /// Drops dead slots, keeping order. When that leaves the storage more than three-quarters full,
    /// capacity grows by a third: the next reclamation is then at least a quarter of the storage's
    /// `add`s away (reclaiming adds amortized O(1) to each `add`, beside its O(n) duplicate scan), and
    /// storage stays at most ~32 bytes per live delegate (8 for the weak reference, 16 for the
    /// unretained existential, times 4/3).
    func reclaimDeadSlots() {
        var kept = 0
        for index in entries.indices where object(at: index) != nil {
            if kept != index {
                entries.swapAt(kept, index)
                UnsafeMutableRawPointer(delegates + kept).copyMemory(from: delegates + index, byteCount: MemoryLayout<T>.size)
            }
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        if entries.count > entries.capacity / 4 * 3 {
            entries.reserveCapacity(Swift.max(4, entries.count + entries.count / 3))
        }
    }

    private func growDelegates(to capacity: Int) {
        let grown = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        UnsafeMutableRawPointer(grown).copyMemory(from: delegates, byteCount: MemoryLayout<T>.stride * delegateCapacity)
        delegates.deallocate()
        delegates = grown
        delegateCapacity = capacity
    }
}

@available(*, unavailable, message: "MulticastDelegate is confined to its owner's isolation domain")
extension MulticastDelegate: Sendable {}
