/// A stable sort of 64-bit keys, each carrying a value, a byte of the key at a time from the lowest
/// (least significant digit first). It costs a few passes over the keys whatever their order, where
/// `sort(by:)` compares each key about log2(n) times: the map's index sorts a segment's quarter of a
/// million places by Morton code every time a file pouring in has added a few thousand more.
enum RadixSort {
    /// Sorts `keys` ascending and moves `values[i]` with `keys[i]`; equal keys keep their order.
    /// A byte that every key shares is skipped (Morton codes of 24 bits an axis leave the top two 0).
    static func sort(_ keys: inout [UInt64], carrying values: inout [Int32]) {
        precondition(keys.count == values.count, "each key carries one value")
        let count = keys.count
        guard count > 1 else { return }
        var counts = [Int](repeating: 0, count: 8 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for key in keys {
                for byte in 0..<8 { counts[byte << 8 | Int(truncatingIfNeeded: key >> UInt64(byte << 3)) & 0xFF] += 1 }
            }
        }
        var spareKeys = [UInt64](repeating: 0, count: count)
        var spareValues = [Int32](repeating: 0, count: count)
        for byte in 0..<8 {
            let digits = counts[byte << 8 ..< (byte + 1) << 8]
            if digits.contains(count) { continue }
            var starts = [Int](repeating: 0, count: 256)
            var next = 0
            for (digit, found) in digits.enumerated() {
                starts[digit] = next
                next += found
            }
            let shift = UInt64(byte << 3)
            keys.withUnsafeBufferPointer { keys in values.withUnsafeBufferPointer { values in
                spareKeys.withUnsafeMutableBufferPointer { spareKeys in spareValues.withUnsafeMutableBufferPointer { spareValues in
                    starts.withUnsafeMutableBufferPointer { starts in
                        for position in 0..<count {
                            let key = keys[position]
                            let digit = Int(truncatingIfNeeded: key >> shift) & 0xFF
                            let target = starts[digit]
                            starts[digit] = target + 1
                            spareKeys[target] = key
                            spareValues[target] = values[position]
                        }
                    }
                } }
            } }
            swap(&keys, &spareKeys)
            swap(&values, &spareValues)
        }
    }
}
