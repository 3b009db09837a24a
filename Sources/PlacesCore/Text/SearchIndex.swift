import Foundation

/// Folded search keys laid end to end in one buffer, in list order, so that a keystroke's filter is a
/// handful of `memchr`/`memcmp` sweeps over contiguous memory instead of 100,000 scattered key arrays.
struct SearchIndex: Sendable {
    /// The keys, each followed by a 0 byte (which no token contains, so a match never spans two keys).
    private let bytes: [UInt8]
    /// Where each key starts, plus one past the end.
    private let starts: [Int]

    /// Lays out `keys` in the given order.
    init(_ keys: [SearchKey]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keys.reduce(0) { $0 + $1.bytes.count + 1 })
        var starts: [Int] = []
        starts.reserveCapacity(keys.count + 1)
        for key in keys {
            starts.append(bytes.count)
            bytes.append(contentsOf: key.bytes)
            bytes.append(0)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
    }

    /// The number of keys.
    var count: Int { starts.count - 1 }

    /// For each key, whether it contains every token.
    func matches(_ tokens: [SearchKey]) -> [Bool] {
        var matched = [Bool](repeating: true, count: count)
        for token in tokens where !token.bytes.isEmpty {
            var found = [Bool](repeating: false, count: count)
            sweep(for: token.bytes) { found[$0] = true }
            for index in matched.indices where matched[index] && !found[index] { matched[index] = false }
        }
        return matched
    }

    /// Calls `hit` once for each key containing `token`, in order: after a hit the sweep jumps to the next key.
    private func sweep(for token: [UInt8], _ hit: (Int) -> Void) {
        bytes.withUnsafeBufferPointer { haystack in
            token.withUnsafeBufferPointer { needle in
                guard let base = haystack.baseAddress, let pattern = needle.baseAddress else { return }
                let end = haystack.count - needle.count
                var offset = 0
                var key = 0
                while offset <= end {
                    guard let found = memchr(base + offset, Int32(pattern[0]), end - offset + 1) else { return }
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + offset, pattern, needle.count) == 0 {
                        while starts[key + 1] <= offset { key += 1 }
                        hit(key)
                        offset = starts[key + 1]
                    } else {
                        offset += 1
                    }
                }
            }
        }
    }
}
