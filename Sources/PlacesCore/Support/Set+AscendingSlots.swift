extension Set<Int> {
    /// The elements in ascending order: the range itself when they fill it (the slots an import adds
    /// are consecutive), or read off a bitmap of their range when they are dense enough (those of
    /// them in view are one in a few), which costs a pass over the range instead of a sort.
    var ascending: [Int] {
        guard let low = self.min(), let high = self.max() else { return [] }
        let span = high - low + 1
        if span == count { return Array(low...high) }
        guard span <= 16 * count else { return sorted() }
        var present = [Bool](repeating: false, count: span)
        for element in self { present[element - low] = true }
        var result: [Int] = []
        result.reserveCapacity(count)
        for offset in 0..<span where present[offset] { result.append(low + offset) }
        return result
    }
}
