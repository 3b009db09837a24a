/// The properties a file gave a place beyond what it shows (by path: "addr.street"), each with what its
/// value was there (`PropertyValueKind`), kept for export.
///
/// A file of a million places carries millions of them, so they are not a dictionary of strings (a
/// hash table with 16 bytes per key and per value, and an allocation for every string longer than
/// 15 bytes) but one record in a `PropertyChunk` shared with other places: each value's bytes, and
/// each key once per chunk. Pairs are kept sorted by key (bytewise: Unicode scalar order); reading
/// one is a linear scan: they are read for export, not looked up.
public struct PlaceProperties: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: String)
    /// A property with what its value was in the file (`PropertyValueKind`).
    public typealias TypedElement = (key: String, value: String, kind: PropertyValueKind)

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

    /// `pairs` in any order, each a text; of two with one key, the first is kept.
    public init(_ pairs: some Sequence<(key: String, value: String)>) {
        self.init(typed: pairs.lazy.map { (key: $0.key, value: $0.value, kind: .text) })
    }

    /// `properties` in any order; of two with one key, the first is kept.
    public init(typed properties: some Sequence<TypedElement>) {
        // Sorted by key, then by position, so that the first of equal keys comes first.
        let properties = Array(properties).enumerated()
            .sorted { $0.element.key == $1.element.key ? $0.offset < $1.offset : $0.element.key.utf8.lexicographicallyPrecedes($1.element.key.utf8) }
            .map(\.element)
        var kept: [(path: String, text: String, kind: PropertyValueKind)] = []
        for property in properties where kept.last?.path != property.key { kept.append((property.key, property.value, property.kind)) }
        let buffer = PropertyBuffer(kept)
        self.init(buffer, entries: buffer.entries)
    }

    /// The `entries` of `buffer`, whose paths are all different, sorted by path (`sortedByPath`), copied as bytes.
    init(_ buffer: PropertyBuffer, entries: [PropertyBuffer.Entry]) {
        self = buffer.bytes.withUnsafeBufferPointer { bytes in
            PlaceProperties(count: entries.count) { index in
                (UnsafeBufferPointer(rebasing: bytes[entries[index].path]), UnsafeBufferPointer(rebasing: bytes[entries[index].text]), entries[index].kind)
            }
        }
    }

    /// Writes the pairs, sorted and with different keys, into the shared chunks.
    private init(count: Int, _ pair: (Int) -> PropertyChunk.Pair) {
        (chunk, offset) = count == 0 ? (nil, 0) : PropertyChunk.write(count: count, pair)
        storedCount = UInt32(count)
    }

    /// The properties with their kinds, in key order.
    public var typed: [TypedElement] {
        var iterator = makeIterator()
        var typed: [TypedElement] = []
        typed.reserveCapacity(count)
        while let property = iterator.nextTyped() { typed.append(property) }
        return typed
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    public var isEmpty: Bool { storedCount == 0 }

    /// The text of `key`; nil when there is none, or it is a null (no value).
    public subscript(key: String) -> String? {
        var iterator = makeIterator()
        while let property = iterator.nextTyped() {
            if property.key == key { return property.kind == .null ? nil : property.value }
        }
        return nil
    }

    /// The properties' texts as a dictionary, a null as an empty text (for writing them as text).
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
            nextTyped().map { ($0.key, $0.value) }
        }

        public mutating func nextTyped() -> TypedElement? {
            guard left > 0, let chunk else { return nil }
            left -= 1
            var keyOffset = chunk.varint(at: &offset)
            let key = String(decoding: chunk.text(at: &keyOffset), as: UTF8.self)
            let (text, kind) = chunk.value(at: &offset)
            return (key, String(decoding: text, as: UTF8.self), kind)
        }
    }

    public static func == (lhs: PlaceProperties, rhs: PlaceProperties) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.chunk === rhs.chunk, lhs.offset == rhs.offset { return true }
        var left = lhs.makeIterator(), right = rhs.makeIterator()
        while let first = left.nextTyped(), let second = right.nextTyped() {
            guard first.key == second.key, first.value == second.value, first.kind == second.kind else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        var iterator = makeIterator()
        while let (key, value, kind) = iterator.nextTyped() {
            hasher.combine(key)
            hasher.combine(value)
            hasher.combine(kind)
        }
    }
}

extension PlaceProperties: CustomStringConvertible {
    public var description: String { dictionary.description }
}
