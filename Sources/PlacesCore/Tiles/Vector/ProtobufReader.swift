/// Reads the protocol buffer wire format (varints, fixed 32- and 64-bit values, length-delimited
/// fields) from bytes it does not own, checking every length against what is left: a truncated or
/// lying message ends in `TileArchiveError.damaged`, never a read past the end.
struct ProtobufReader: ~Copyable {
    enum WireType: UInt8 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { position >= end }

    /// The next field's number and wire type; nil at the end of the message.
    mutating func nextField() throws(TileArchiveError) -> (number: UInt64, type: WireType)? {
        guard position < end else { return nil }
        let key = try varint()
        guard let type = WireType(rawValue: UInt8(key & 7)) else {
            throw .damaged(tr("a vector tile uses a protocol buffer wire type ({type}) that does not exist", ["type": String(key & 7)]))
        }
        return (key >> 3, type)
    }

    mutating func varint() throws(TileArchiveError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
            guard shift < 64 else { throw .damaged(tr("a vector tile holds a number longer than ten bytes")) }
        }
        throw Self.cutShort
    }

    mutating func fixed32() throws(TileArchiveError) -> UInt32 {
        guard end - position >= 4 else { throw Self.cutShort }
        defer { position += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[position + $1]) << (8 * UInt32($1)) }
    }

    mutating func fixed64() throws(TileArchiveError) -> UInt64 {
        guard end - position >= 8 else { throw Self.cutShort }
        defer { position += 8 }
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[position + $1]) << (8 * UInt64($1)) }
    }

    /// The range of a length-delimited field's bytes, which the reader then steps over.
    mutating func lengthDelimited() throws(TileArchiveError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else { throw Self.cutShort }
        let range = position..<position + Int(length)
        position = range.upperBound
        return range
    }

    mutating func string() throws(TileArchiveError) -> String {
        let range = try lengthDelimited()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Reads every varint of a packed repeated field into `into`.
    mutating func packedVarints(into values: inout [UInt32]) throws(TileArchiveError) {
        let range = try lengthDelimited()
        var packed = ProtobufReader(bytes, range: range)
        while !packed.isAtEnd { values.append(UInt32(truncatingIfNeeded: try packed.varint())) }
    }

    /// Steps over a field this reader has no use for.
    mutating func skip(_ type: WireType) throws(TileArchiveError) {
        switch type {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .fixed32: _ = try fixed32()
        case .lengthDelimited: _ = try lengthDelimited()
        }
    }

    /// A reader of the length-delimited field at the current position.
    mutating func message() throws(TileArchiveError) -> ProtobufReader {
        ProtobufReader(bytes, range: try lengthDelimited())
    }

    static let cutShort = TileArchiveError.damaged(tr("a vector tile ends in the middle of a value"))
}
