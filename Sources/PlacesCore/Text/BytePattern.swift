import Foundation

/// A search token prepared for finding it in a long buffer 16 bytes at a time: each block is compared
/// with the token's first, second and last bytes at once, and only where all three agree are the
/// bytes between compared (W. Muła's "SIMD-friendly" substring search). A two-letter token such as
/// "sa" is then one pass over memory, where `memchr` stops at every "s" of a million places' text.
///
/// A key's `classes` (which bytes it has, 64 bits) decide most keys without reading them: a key
/// lacking one of the token's classes cannot hold it, and a one-letter token is in exactly the keys
/// with its class.
///
/// Searches go through `View`s, which borrow the bytes: a loop over a million keys then copies no
/// reference and counts none.
struct BytePattern {
    let bytes: [UInt8]

    /// `bytes` must not be empty.
    init(_ bytes: [UInt8]) {
        precondition(!bytes.isEmpty)
        self.bytes = bytes
    }

    /// Calls `body` with a view of each pattern, valid only during the call.
    static func withViews<Result>(_ patterns: [BytePattern], _ body: ([View]) -> Result) -> Result {
        let joined = patterns.flatMap(\.bytes)
        return joined.withUnsafeBufferPointer { joined in
            var start = 0
            let views = patterns.map { pattern in
                defer { start += pattern.bytes.count }
                return View(UnsafeBufferPointer(rebasing: joined[start..<start + pattern.bytes.count]))
            }
            return body(views)
        }
    }

    /// A pattern over borrowed bytes (not empty).
    struct View {
        private let bytes: UnsafeBufferPointer<UInt8>
        let classes: UInt64
        /// Whether a key with the pattern's classes holds it (one letter or digit, which has a class of its own).
        let isDecidedByClasses: Bool
        private let first: SIMD16<UInt8>
        private let second: SIMD16<UInt8>
        private let last: SIMD16<UInt8>

        fileprivate init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            classes = BytePattern.classes(of: bytes)
            isDecidedByClasses = bytes.count == 1 && BytePattern.isDecidedByClasses(bytes[0])
            first = SIMD16(repeating: bytes[0])
            second = SIMD16(repeating: bytes[min(1, bytes.count - 1)])
            last = SIMD16(repeating: bytes[bytes.count - 1])
        }

        var count: Int { bytes.count }

        /// Whether a key whose bytes have `keyClasses` may hold the pattern.
        @inline(__always)
        func mayOccur(in keyClasses: UInt64) -> Bool {
            keyClasses & classes == classes
        }

        /// Where the first occurrence starting in `from..<limit` begins (the pattern may end past
        /// `limit`, not past the buffer); nil when there is none.
        @inline(__always)
        func firstMatch(in buffer: UnsafeBufferPointer<UInt8>, from: Int, before limit: Int) -> Int? {
            var found: Int?
            sweep(buffer, from: from, before: limit) { start in
                found = start
                return .max
            }
            return found
        }

        /// Calls `hit` with the start of each occurrence in `from..<limit` (the pattern may end past
        /// `limit`, not past the buffer), in order, skipping those before the position `hit` returns.
        /// A hit costs no new start: the sweep goes on in the block it is in.
        @inline(__always)
        func sweep(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, before limit: Int, _ hit: (Int) -> Int) {
            guard let base = buffer.baseAddress, let pattern = bytes.baseAddress else { return }
            let count = bytes.count
            let limit = min(limit, buffer.count - count + 1)
            var resume = from
            if count == 1 {
                // One byte: `memchr` is as fast, and a key usually has it within a few bytes.
                while resume < limit, let found = memchr(base + resume, Int32(pattern[0]), limit - resume) {
                    let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    resume = max(start + 1, hit(start))
                }
                return
            }
            let raw = UnsafeRawPointer(base)
            var offset = from
            // Whole blocks, while the block of last bytes is inside the buffer.
            let blocksEnd = min(limit, buffer.count - count - 15)
            // The pattern's bytes as locals, and a loop apiece for two bytes and for more: the loop
            // that skips blocks without a candidate is then a few instructions, which read from the
            // view's storage and branched on its length at every block, three times as slow.
            let first = first, second = second, last = last, lastOffset = count - 1
            blocks: while true {
                // The next block with a candidate.
                var agree: SIMDMask<SIMD16<Int8>>
                if count == 2 {
                    while true {
                        guard offset < blocksEnd else { break blocks }
                        agree = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) .== first
                        agree .&= raw.loadUnaligned(fromByteOffset: offset &+ 1, as: SIMD16<UInt8>.self) .== last
                        if any(agree) { break }
                        offset &+= 16
                    }
                } else {
                    while true {
                        guard offset < blocksEnd else { break blocks }
                        agree = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) .== first
                        agree .&= raw.loadUnaligned(fromByteOffset: offset &+ lastOffset, as: SIMD16<UInt8>.self) .== last
                        agree .&= raw.loadUnaligned(fromByteOffset: offset &+ 1, as: SIMD16<UInt8>.self) .== second
                        if any(agree) { break }
                        offset &+= 16
                    }
                }
                var lanes = View.bits(agree)
                while lanes != 0 {
                    let start = offset &+ lanes.trailingZeroBitCount
                    lanes &= lanes &- 1
                    if start >= limit { return }
                    if start < resume { continue }
                    if count <= 3 || memcmp(base + start + 2, pattern + 2, count - 3) == 0 {
                        resume = hit(start)
                        if resume >= limit { return }
                    }
                }
                // On from the block after, or from where `hit` asked if that is further.
                offset = max(offset &+ 16, resume)
            }
            offset = max(offset, resume)
            while offset < limit {
                if base[offset] == pattern[0], memcmp(base + offset, pattern, count) == 0 {
                    offset = max(offset + 1, hit(offset))
                } else {
                    offset += 1
                }
            }
        }

        /// Bit n set when lane n agrees (what SSE's `pmovmskb` gives, which Swift does not name): each
        /// half's top bits gathered into its top byte by one multiplication.
        @inline(__always)
        private static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
            let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
            let gather: UInt64 = 0x0002_0408_1020_4081
            let low = ((halves[0] & 0x8080_8080_8080_8080) &* gather) >> 56
            let high = ((halves[1] & 0x8080_8080_8080_8080) &* gather) >> 56
            return UInt32(truncatingIfNeeded: low | high << 8)
        }
    }

    /// One bit per byte class: the 26 letters, the 10 digits, and 28 classes shared by the other bytes.
    static func classes(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        byteClass.withUnsafeBufferPointer { byteClass in
            var classes: UInt64 = 0
            for byte in bytes { classes |= 1 << byteClass[Int(byte)] }
            return classes
        }
    }

    /// Whether a key holds `byte` exactly when its classes say so: a letter or a digit.
    static func isDecidedByClasses(_ byte: UInt8) -> Bool {
        byteClass[Int(byte)] < 36
    }

    private static let byteClass: [UInt64] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte) - 97
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte) - 48 + 26
        default: 36 + UInt64(byte) % 28
        }
    }
}
