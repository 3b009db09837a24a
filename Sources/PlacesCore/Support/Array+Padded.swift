extension Array {
    /// Appends `element` until there are `count` elements. Room is made for `room` at once (the
    /// places a file being read is expected to bring, `PlaceTable.slotCapacity`) and, past it, for a
    /// quarter more each time: doubling, a million places' per-slot arrays held up to twice what
    /// they need, the rest of the import long.
    mutating func pad(to count: Int, with element: Element, room: Int) {
        guard self.count < count else { return }
        if capacity < count { reserveCapacity(Swift.max(count, room, capacity + capacity / 4)) }
        append(contentsOf: repeatElement(element, count: count - self.count))
    }
}
