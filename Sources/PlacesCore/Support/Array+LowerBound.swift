extension Array where Element: Comparable {
    /// Where the first element not below `value` is, at or after `start`, in this ascending array (its
    /// end if none): a binary search.
    func lowerBound(of value: Element, from start: Int = 0) -> Int {
        var low = start
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
