/// An attribute's value in a vector tile, as the Mapbox Vector Tile 2.1 `Value` message holds it.
public enum VectorTileValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case float(Float)
    case double(Double)
    case int(Int64)
    case uint(UInt64)
    case bool(Bool)

    public var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The value as a number, when it is one.
    public var number: Double? {
        switch self {
        case .float(let value): Double(value)
        case .double(let value): value
        case .int(let value): Double(value)
        case .uint(let value): Double(value)
        case .string, .bool: nil
        }
    }

    public var description: String {
        switch self {
        case .string(let text): text
        case .float(let value): value.rounded() == value && abs(value) < 1e7 ? String(Int64(value)) : String(value)
        case .double(let value): value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .int(let value): String(value)
        case .uint(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        }
    }

    static func read(_ reader: inout ProtobufReader) throws(TileArchiveError) -> VectorTileValue {
        var value: VectorTileValue?
        while let field = try reader.nextField() {
            switch (field.number, field.type) {
            case (1, .lengthDelimited): value = .string(try reader.string())
            case (2, .fixed32): value = .float(Float(bitPattern: try reader.fixed32()))
            case (3, .fixed64): value = .double(Double(bitPattern: try reader.fixed64()))
            case (4, .varint): value = .int(Int64(bitPattern: try reader.varint()))
            case (5, .varint): value = .uint(try reader.varint())
            case (6, .varint): value = .int(Self.unzigzag(try reader.varint()))
            case (7, .varint): value = .bool(try reader.varint() != 0)
            default: try reader.skip(field.type)
            }
        }
        guard let value else { throw .damaged(tr("a vector tile holds a value of no kind")) }
        return value
    }

    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
