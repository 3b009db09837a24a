/// The properties a file gave a place beyond what it shows (by path: "addr.street"), kept for export.
///
/// A file of a million places carries millions of them, so they are not a dictionary of strings (a
/// hash table with 16 bytes per key and per value, and an allocation for every string longer than
/// 15 bytes) but one record in a `PropertyChunk` shared with other places: each value's bytes, and
/// each key once per chunk. Pairs are kept sorted by key (bytewise: Unicode scalar order); reading
/// one is a linear scan: they are read for export, not looked up.
public struct PlaceProperties: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: String)

    /// Nil when empty.
    private let chunk: PropertyChunk?
    private let offset: UInt32
    private let storedCount: UInt32

    public var count: Int { Int(storedCount) }

    public init() {
        chunk = nil
        offset = 0
        storedCount = 0
    }

    /// `pairs` in any order; of two with one key, the first is kept.
    public init(_ pairs: some Sequence<(key: String, value: String)>) {
        // Sorted by key, then by position, so that the first of equal keys comes first.
        let pairs = Array(pairs).enumerated()
            .sorted { $0.element.key == $1.element.key ? $0.offset < $1.offset : $0.element.key.utf8.lexicographicallyPrecedes($1.element.key.utf8) }
            .map(\.element)
        var kept: [(path: String, text: String)] = []
        for pair in pairs where kept.last?.path != pair.key { kept.append((pair.key, pair.value)) }
        let buffer = PropertyBuffer(kept)
        self.init(buffer, entries: buffer.entries)
    }

    /// The `entries` of `buffer`, whose paths are all different, copied as bytes.
    init(_ buffer: PropertyBuffer, entries: consuming [PropertyBuffer.Entry]) {
        var entries = consume entries
        entries.sort(by: buffer.pathPrecedes)
        self = buffer.bytes.withUnsafeBufferPointer { bytes in
            PlaceProperties(count: entries.count) { index in
                (UnsafeBufferPointer(rebasing: bytes[entries[index].path]), UnsafeBufferPointer(rebasing: bytes[entries[index].text]))
            }
        }
    }

    /// Writes the pairs, sorted and with different keys, into the shared chunks.
    private init(count: Int, _ pair: (Int) -> (key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>)) {
        (chunk, offset) = count == 0 ? (nil, 0) : PropertyChunk.write(count: count, pair)
        storedCount = UInt32(count)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    public var isEmpty: Bool { storedCount == 0 }

    public subscript(key: String) -> String? {
        first { $0.key == key }?.value
    }

    /// The properties as a dictionary, for changing them.
    public var dictionary: [String: String] {
        Dictionary(map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    public func makeIterator() -> Iterator { Iterator(chunk: chunk, offset: Int(offset), left: count) }

    public struct Iterator: IteratorProtocol {
        fileprivate let chunk: PropertyChunk?
        fileprivate var offset: Int
        fileprivate var left: Int

        fileprivate init(chunk: PropertyChunk?, offset: Int, left: Int) {
            self.chunk = chunk
            self.offset = offset
            self.left = left
            if let chunk, left > 0 { _ = chunk.varint(at: &self.offset) }  // the record's count
        }

        public mutating func next() -> Element? {
            guard left > 0, let chunk else { return nil }
            left -= 1
            var keyOffset = chunk.varint(at: &offset)
            let key = String(decoding: chunk.text(at: &keyOffset), as: UTF8.self)
            return (key, String(decoding: chunk.text(at: &offset), as: UTF8.self))
        }
    }

    public static func == (lhs: PlaceProperties, rhs: PlaceProperties) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.chunk === rhs.chunk, lhs.offset == rhs.offset { return true }
        return lhs.elementsEqual(rhs) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for (key, value) in self {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}

extension PlaceProperties: CustomStringConvertible {
    public var description: String { dictionary.description }
}
