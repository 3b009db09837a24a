extension MulticastDelegate: Sequence {
    /// Iterates the delegates that were live when iteration started, in delivery order. The iterator
    /// holds them strongly until it is done, so none disappears half-way through a loop.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var live: IndexingIterator<[T]>

        @usableFromInline
        init(_ live: [T]) { self.live = live.makeIterator() }

        @inlinable
        public mutating func next() -> T? { live.next() }
    }

    /// An iterator over the live delegates, in delivery order.
    public func makeIterator() -> Iterator {
        var live: [T] = []
        live.reserveCapacity(slotCount)
        invoke { live.append($0) }
        return Iterator(live)
    }

    /// The live delegate at `index` in delivery order, or nil when `index` is out of range.
    public subscript(index: Int) -> T? {
        guard index >= 0 else { return nil }
        var position = 0
        for delegate in self {
            if position == index { return delegate }
            position += 1
        }
        return nil
    }

    /// The position of `delegate` among the live delegates, or nil when it is not present.
    public subscript(delegate: T) -> Int? {
        guard let slot = liveIndex(of: delegate as AnyObject) else { return nil }
        var position = 0
        for earlier in 0..<slot where references[earlier].object != nil { position += 1 }
        return position
    }
}

extension MulticastDelegate: CustomStringConvertible {
    /// Names the delegate type and each live delegate, e.g. `MulticastDelegate<ProfileModelDelegate>[MapViewModel, ListViewModel]`.
    public var description: String {
        // `type(of:)` on a generic `T` that is an existential gives the existential: open it via `Any`.
        let names = map { String(describing: type(of: $0 as Any)) }
        return "MulticastDelegate<\(T.self)>[\(names.joined(separator: ", "))]"
    }
}

extension MulticastDelegate {
    /// Adds `rhs` to `lhs` (see `add(_:)`): `model.delegates += viewModel`.
    public static func += (lhs: MulticastDelegate, rhs: T) { lhs.add(rhs) }

    /// Removes `rhs` from `lhs` (see `remove(_:)`): `model.delegates -= viewModel`.
    public static func -= (lhs: MulticastDelegate, rhs: T) { lhs.remove(rhs) }

    /// Broadcasts `rhs` to every live delegate of `lhs` (see `invoke(_:)`): `model.delegates ~> { $0.didSave() }`.
    @inlinable
    public static func ~> (lhs: MulticastDelegate, rhs: (T) -> Void) { lhs.invoke(rhs) }
}
