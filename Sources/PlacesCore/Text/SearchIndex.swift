import Foundation

/// Folded search keys laid end to end in one buffer, so that a keystroke's filter is a handful of
/// `memchr`/`memcmp` sweeps over contiguous memory instead of 100,000 scattered key arrays.
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

    /// `old` with the keys of the slots in `changes` replaced, for slots 0..<count (slots beyond the
    /// old ones and not changed have the empty key). Unchanged runs of keys are copied in bulk.
    init(_ old: SearchIndex, changing changes: [Int: SearchKey], count: Int) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(old.bytes.count + changes.values.reduce(0) { $0 + $1.bytes.count + 1 } + count - min(count, old.count))
        var starts: [Int] = []
        starts.reserveCapacity(count + 1)
        var slot = 0
        for changedSlot in changes.keys.sorted() + [count] where changedSlot <= count {
            // The old keys of slots slot..<changedSlot, shifted to where they go now.
            let copied = min(changedSlot, old.count)
            if slot < copied {
                let shift = bytes.count - old.starts[slot]
                starts += old.starts[slot..<copied].lazy.map { $0 + shift }
                bytes += old.bytes[old.starts[slot]..<old.starts[copied]]
                slot = copied
            }
            while slot < changedSlot {
                starts.append(bytes.count)
                bytes.append(0)
                slot += 1
            }
            guard changedSlot < count, let key = changes[changedSlot] else { continue }
            starts.append(bytes.count)
            bytes += key.bytes
            bytes.append(0)
            slot += 1
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
    }

    var count: Int { starts.count - 1 }

    /// For each key, whether it contains every token: the first token is swept through the whole
    /// buffer, the others are looked for only in the keys still matching.
    func matches(_ tokens: [SearchKey]) -> [Bool] {
        let tokens = tokens.filter { !$0.bytes.isEmpty }
        guard let first = tokens.first else { return [Bool](repeating: true, count: count) }
        var matched = [Bool](repeating: false, count: count)
        sweep(for: first.bytes) { matched[$0] = true }
        for token in tokens.dropFirst() {
            for key in matched.indices where matched[key] && !self.key(key, contains: token.bytes) { matched[key] = false }
        }
        return matched
    }

    /// Whether key number `key` contains `token` (not empty).
    func key(_ key: Int, contains token: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            token.withUnsafeBufferPointer { needle in
                let base = haystack.baseAddress!, pattern = needle.baseAddress!
                let last = starts[key + 1] - 1 - needle.count  // the 0 after the key is not part of it
                var offset = starts[key]
                while offset <= last {
                    guard let found = memchr(base + offset, Int32(pattern[0]), last - offset + 1) else { return false }
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if needle.count == 1 || memcmp(base + offset + 1, pattern + 1, needle.count - 1) == 0 { return true }
                    offset += 1
                }
                return false
            }
        }
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
                    if needle.count == 1 || memcmp(base + offset + 1, pattern + 1, needle.count - 1) == 0 {
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
