/// The properties a file gave a place beyond what it shows (by path: "addr.street"), kept for export.
///
/// A file of a million places carries millions of them, so they are stored in one buffer per place —
/// each key and value as a length and its UTF-8 bytes, sorted by key — rather than as a dictionary of
/// strings: one allocation per place, where a dictionary takes a hash table with 16 bytes per key and
/// per value and one more allocation for every string longer than 15 bytes. Reading one is a linear
/// scan: they are read for export, not looked up.
public struct PlaceProperties: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: String)

    private var storage: [UInt8] = []
    public private(set) var count = 0

    public init() {}

    /// `pairs` in any order; of two with one key, the first is kept.
    public init(_ pairs: some Sequence<(key: String, value: String)>) {
        let pairs = Array(pairs)
        guard !pairs.isEmpty else { return }
        // Sorted by key (bytewise: Unicode scalar order), then by position, so that the first of equal keys comes first.
        var order = Array(pairs.indices)
        order.sort { pairs[$0].key == pairs[$1].key ? $0 < $1 : pairs[$0].key.utf8.lexicographicallyPrecedes(pairs[$1].key.utf8) }
        storage.reserveCapacity(pairs.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 })
        var previous: String?
        for index in order where pairs[index].key != previous {
            Self.append(pairs[index].key.utf8, to: &storage)
            Self.append(pairs[index].value.utf8, to: &storage)
            count += 1
            previous = pairs[index].key
        }
    }

    /// The `entries` of `buffer`, whose paths are all different, copied as bytes.
    init(_ buffer: PropertyBuffer, entries: consuming [PropertyBuffer.Entry]) {
        guard !entries.isEmpty else { return }
        var entries = consume entries
        entries.sort(by: buffer.pathPrecedes)
        storage.reserveCapacity(entries.reduce(0) { $0 + $1.path.count + $1.text.count + 4 })
        buffer.bytes.withUnsafeBufferPointer { bytes in
            for entry in entries {
                Self.append(UnsafeBufferPointer(rebasing: bytes[entry.path]), to: &storage)
                Self.append(UnsafeBufferPointer(rebasing: bytes[entry.text]), to: &storage)
            }
        }
        count = entries.count
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(key: String) -> String? {
        first { $0.key == key }?.value
    }

    /// The properties as a dictionary, for changing them.
    public var dictionary: [String: String] {
        Dictionary(map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public func makeIterator() -> Iterator { Iterator(storage: storage) }

    public struct Iterator: IteratorProtocol {
        fileprivate let storage: [UInt8]
        fileprivate var offset = 0

        public mutating func next() -> Element? {
            guard offset < storage.count else { return nil }
            let key = read()
            return (key, read())
        }

        private mutating func read() -> String {
            var length = 0
            var shift = 0
            while true {
                let byte = storage[offset]
                offset += 1
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            defer { offset += length }
            return String(decoding: storage[offset..<offset + length], as: UTF8.self)
        }
    }

    /// Appends the length of `text` as a little-endian base-128 number, then its bytes.
    private static func append(_ text: some Collection<UInt8>, to storage: inout [UInt8]) {
        var length = text.count
        while length >= 0x80 {
            storage.append(UInt8(length & 0x7F) | 0x80)
            length >>= 7
        }
        storage.append(UInt8(length))
        storage.append(contentsOf: text)
    }
}

extension PlaceProperties: CustomStringConvertible {
    public var description: String { dictionary.description }
}
