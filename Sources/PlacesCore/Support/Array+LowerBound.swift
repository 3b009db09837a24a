extension Array where Element: Comparable {
    /// Where the first element not below `value` is, at or after `start`, in this ascending array (its
    /// end if none): a binary search.
    func lowerBound(of value: Element, from start: Int = 0) -> Int {
        lowerBound(of: value, in: start..<count)
    }

    /// Where the first element of `range` not below `value` is (`range.upperBound` if none), in this
    /// ascending array: a binary search that reads only inside `range`.
    func lowerBound(of value: Element, in range: Range<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Like `lowerBound(of:from:)`, for an answer likely near `start`: probes 1, 2, 4, … elements on,
    /// then searches the last gap. It costs about twice the logarithm of the distance to the answer,
    /// and reads memory near `start`, where a binary search over the rest of a large array would
    /// begin with reads far away (cache misses, in a map frame's walk over a million places).
    func lowerBound(of value: Element, gallopingFrom start: Int) -> Int {
        var low = start, step = 1
        while low + step - 1 < count, self[low + step - 1] < value {
            low += step
            step *= 2
        }
        return lowerBound(of: value, in: low..<Swift.min(low + step - 1, count))
    }
}
