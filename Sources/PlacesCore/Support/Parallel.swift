import Dispatch

/// Work split across the machine's cores while the caller waits.
enum Parallel {
    /// `transform` of each element, in order, computed on every core at once (the caller's thread
    /// among them); one element is computed in place.
    static func map<Result: Sendable>(_ range: Range<Int>, _ transform: @Sendable (Int) -> Result) -> [Result] {
        guard range.count > 1 else { return range.map(transform) }
        var results = [Result?](repeating: nil, count: range.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each iteration writes only its own element.
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: range.count) { index in
                buffer[index] = transform(range.lowerBound + index)
            }
        }
        return results.map { $0! }
    }
}
