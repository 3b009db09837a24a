extension Array where Element == Double {
    /// The median (mean of the two middle values for an even count).
    var median: Double {
        precondition(!isEmpty)
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
