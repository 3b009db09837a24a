/// A place's name and summary, as bytes in a `PropertyChunk` shared with other places. As two
/// strings of its own, each longer than 15 bytes was an allocation with a 32-byte header: a million
/// imported places held 95 MB of them, besides the 32 bytes the two took in every place, where this
/// takes 12 bytes a place (its kind fills the rest of 16) and the texts' bytes. Reading either makes
/// a string.
struct PlaceTexts: Hashable, Sendable {
    /// Nil when both are empty.
    private let chunk: PropertyChunk?
    private let offset: UInt32

    init(name: String, summary: String) {
        guard !name.isEmpty || !summary.isEmpty else {
            (chunk, offset) = (nil, 0)
            return
        }
        var name = name, summary = summary
        (chunk, offset) = name.withUTF8 { name in
            summary.withUTF8 { summary in PropertyChunk.write(texts: [name, summary]) }
        }
    }

    var name: String { String(decoding: nameBytes, as: UTF8.self) }

    var summary: String { String(decoding: summaryBytes, as: UTF8.self) }

    private var nameBytes: UnsafeBufferPointer<UInt8> {
        guard let chunk else { return UnsafeBufferPointer(start: nil, count: 0) }
        var position = Int(offset)
        return chunk.text(at: &position)
    }

    private var summaryBytes: UnsafeBufferPointer<UInt8> {
        guard let chunk else { return UnsafeBufferPointer(start: nil, count: 0) }
        var position = Int(offset)
        _ = chunk.text(at: &position)
        return chunk.text(at: &position)
    }

    static func == (lhs: PlaceTexts, rhs: PlaceTexts) -> Bool {
        if lhs.chunk === rhs.chunk, lhs.offset == rhs.offset { return true }
        return lhs.nameBytes.elementsEqual(rhs.nameBytes) && lhs.summaryBytes.elementsEqual(rhs.summaryBytes)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(nameBytes))
        hasher.combine(0xFF as UInt8)  // no UTF-8 byte: "ab" + "c" and "a" + "bc" hash apart
        hasher.combine(bytes: UnsafeRawBufferPointer(summaryBytes))
    }
}
