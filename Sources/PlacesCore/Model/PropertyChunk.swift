import Foundation
import Synchronization

/// Bytes that the properties of many places share: each place's properties are one record in a
/// chunk, and each key is written once per chunk and referred to by its offset, so a million places
/// with the same ten keys hold one copy of each key per chunk and no allocation of their own.
///
/// Records are only ever appended, by `PropertyChunk.write` under one lock; a record is read only
/// through the `PlaceProperties` made when it was written, which reaches other threads after it
/// (through the lock or queue that hands the place over), and no byte is written twice. That is
/// what makes reading without the lock safe, and the chunk `@unchecked Sendable`.
final class PropertyChunk: @unchecked Sendable {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far.
    private var used = 0
    /// Where each key written to this chunk starts (its length, then its bytes), by its bytes.
    private var keys: [KeyBytes: UInt32] = [:]
    /// Where the keys of the last record written start, in their (sorted) order: the places of one
    /// file mostly share their keys, and a record's keys walked beside the last one's are found
    /// without hashing them (a third of the time writing a million places' properties went to the
    /// lookups).
    private var lastKeys: [UInt32] = []

    /// Chunks are this large unless one place's properties need more.
    static let size = 64 * 1024

    private init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The chunk being filled; a new one starts when a record does not fit.
    private static let current = Mutex<PropertyChunk?>(nil)

    /// One property of a record as `write(count:_:)` takes it.
    typealias Pair = (key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, kind: PropertyValueKind)

    /// Writes a record of the pairs `pair(i)` gives for i in 0..<count (keys already sorted and
    /// different), and returns the chunk and offset it is at.
    static func write(count: Int, _ pair: (Int) -> Pair) -> (PropertyChunk, UInt32) {
        // At most: every key new, every length in a ten-byte varint.
        var largest = 10
        for index in 0..<count {
            let (key, value, _) = pair(index)
            largest += 30 + key.count + value.count
        }
        return write(atMost: largest) { $0.append(count: count, pair) }
    }

    /// Writes `texts` one after another, each as its length and bytes (read back with `text(at:)`),
    /// and returns the chunk and offset of the first.
    static func write(texts: [UnsafeBufferPointer<UInt8>]) -> (PropertyChunk, UInt32) {
        write(atMost: texts.reduce(0) { $0 + 10 + $1.count }) { chunk in
            let offset = UInt32(chunk.used)
            for text in texts {
                chunk.appendVarint(text.count)
                chunk.appendBytes(text)
            }
            return offset
        }
    }

    /// Runs `append` on a chunk with `largest` bytes free: the open one, a fresh one that becomes the
    /// open one, or, for a record larger than a quarter of a chunk, one of its own.
    private static func write(atMost largest: Int, _ append: (PropertyChunk) -> UInt32) -> (PropertyChunk, UInt32) {
        current.withLock { current in
            if let open = current, open.capacity - open.used >= largest {
                return (open, append(open))
            }
            if largest > size / 4 {
                // A record of its own; the open chunk stays open.
                let own = PropertyChunk(capacity: largest)
                defer { own.forgetKeys() }
                return (own, append(own))
            }
            current?.forgetKeys()  // full: no key is looked up in it again
            let fresh = PropertyChunk(capacity: size)
            current = fresh
            return (fresh, append(fresh))
        }
    }

    private func forgetKeys() {
        keys = [:]
        lastKeys = []
    }

    /// A record: its count, then per pair the key's offset, the value's length shifted left by two
    /// with its kind in the low bits, and the value's bytes.
    private func append(count: Int, _ pair: (Int) -> Pair) -> UInt32 {
        var keyOffsets: [UInt32] = []
        keyOffsets.reserveCapacity(count)
        // The last record's keys before `last` sort before the key looked up.
        var last = 0
        for index in 0..<count {
            let key = pair(index).key
            var known: UInt32?
            while known == nil, last < lastKeys.count {
                let order = order(of: key, against: lastKeys[last])
                if order < 0 { break }
                if order == 0 { known = lastKeys[last] }
                last += 1
            }
            if let known = known ?? keys[KeyBytes(key)] {
                keyOffsets.append(known)
            } else {
                let offset = UInt32(used)
                appendVarint(key.count)
                appendBytes(key)
                keys[KeyBytes(UnsafeBufferPointer(start: base + used - key.count, count: key.count))] = offset
                keyOffsets.append(offset)
            }
        }
        lastKeys = keyOffsets
        let record = UInt32(used)
        appendVarint(count)
        for index in 0..<count {
            let (_, value, kind) = pair(index)
            appendVarint(Int(keyOffsets[index]))
            appendVarint(value.count << 2 | Int(kind.rawValue))
            appendBytes(value)
        }
        return record
    }

    /// Where `key` sorts against the key written at `offset`, bytewise: below zero before it, zero
    /// when they are the same.
    private func order(of key: UnsafeBufferPointer<UInt8>, against offset: UInt32) -> Int {
        var start = Int(offset)
        let written = text(at: &start)
        let common = min(key.count, written.count)
        if common > 0, let first = key.baseAddress, let second = written.baseAddress {
            let order = memcmp(first, second, common)
            if order != 0 { return Int(order) }
        }
        return key.count - written.count
    }

    private func appendVarint(_ number: Int) {
        var number = number
        while number >= 0x80 {
            base[used] = UInt8(number & 0x7F) | 0x80
            used += 1
            number >>= 7
        }
        base[used] = UInt8(number)
        used += 1
    }

    private func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        (base + used).update(from: start, count: bytes.count)
        used += bytes.count
    }

    // MARK: Reading

    /// The number at `offset`, moving `offset` past it.
    func varint(at offset: inout Int) -> Int {
        var number = 0
        var shift = 0
        while true {
            let byte = base[offset]
            offset += 1
            number |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return number }
            shift += 7
        }
    }

    /// A record's value at `offset` (see `append(count:_:)`), moving `offset` past it.
    func value(at offset: inout Int) -> (text: UnsafeBufferPointer<UInt8>, kind: PropertyValueKind) {
        let lengthAndKind = varint(at: &offset)
        let count = lengthAndKind >> 2
        defer { offset += count }
        return (UnsafeBufferPointer(start: base + offset, count: count), PropertyValueKind(rawValue: UInt8(lengthAndKind & 3))!)
    }

    /// The text of a length and bytes at `offset`, moving `offset` past them.
    func text(at offset: inout Int) -> UnsafeBufferPointer<UInt8> {
        let count = varint(at: &offset)
        defer { offset += count }
        return UnsafeBufferPointer(start: base + offset, count: count)
    }
}

/// A key's bytes for looking keys up without making a string: stored keys point into their chunk,
/// the one looked up into the caller's buffer.
private struct KeyBytes: Hashable {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func == (lhs: KeyBytes, rhs: KeyBytes) -> Bool {
        guard lhs.bytes.count == rhs.bytes.count else { return false }
        guard let first = lhs.bytes.baseAddress, let second = rhs.bytes.baseAddress else { return true }
        return memcmp(first, second, lhs.bytes.count) == 0
    }

    func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
}
