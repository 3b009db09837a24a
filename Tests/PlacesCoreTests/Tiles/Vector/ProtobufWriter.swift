/// Writes the protocol buffer wire format for tests: tiles built field by field from the Mapbox
/// Vector Tile specification, independently of the reader under test.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func key(_ field: UInt64, _ wireType: UInt64) {
        varint(field << 3 | wireType)
    }

    mutating func varintField(_ field: UInt64, _ value: UInt64) {
        key(field, 0)
        varint(value)
    }

    mutating func bytesField(_ field: UInt64, _ content: [UInt8]) {
        key(field, 2)
        varint(UInt64(content.count))
        bytes += content
    }

    mutating func stringField(_ field: UInt64, _ text: String) {
        bytesField(field, Array(text.utf8))
    }

    mutating func packedField(_ field: UInt64, _ values: [UInt32]) {
        var packed = ProtobufWriter()
        for value in values { packed.varint(UInt64(value)) }
        bytesField(field, packed.bytes)
    }

    static func zigzag(_ value: Int32) -> UInt32 {
        UInt32(bitPattern: (value << 1) ^ (value >> 31))
    }
}

/// A vector tile written for a test, as the specification lays it out.
struct TestVectorTile {
    struct Feature {
        var id: UInt64?
        var type: UInt64
        var tags: [UInt32] = []
        var geometry: [UInt32]
    }

    struct Layer {
        var name: String
        var extent: UInt64? = 4096
        var version: UInt64 = 2
        var keys: [String] = []
        /// Each value's message bytes (`TestVectorTile.string(_:)` and friends).
        var values: [[UInt8]] = []
        var features: [Feature] = []
    }

    var layers: [Layer]

    var bytes: [UInt8] {
        var tile = ProtobufWriter()
        for layer in layers {
            var message = ProtobufWriter()
            message.varintField(15, layer.version)
            message.stringField(1, layer.name)
            for feature in layer.features {
                var encoded = ProtobufWriter()
                if let id = feature.id { encoded.varintField(1, id) }
                if !feature.tags.isEmpty { encoded.packedField(2, feature.tags) }
                encoded.varintField(3, feature.type)
                encoded.packedField(4, feature.geometry)
                message.bytesField(2, encoded.bytes)
            }
            for key in layer.keys { message.stringField(3, key) }
            for value in layer.values { message.bytesField(4, value) }
            if let extent = layer.extent { message.varintField(5, extent) }
            tile.bytesField(3, message.bytes)
        }
        return tile.bytes
    }

    static func string(_ text: String) -> [UInt8] {
        var value = ProtobufWriter()
        value.stringField(1, text)
        return value.bytes
    }

    static func sint(_ number: Int64) -> [UInt8] {
        var value = ProtobufWriter()
        value.varintField(6, UInt64(bitPattern: (number << 1) ^ (number >> 63)))
        return value.bytes
    }

    static func double(_ number: Double) -> [UInt8] {
        var value = ProtobufWriter()
        value.key(3, 1)
        return value.bytes + withUnsafeBytes(of: number.bitPattern.littleEndian) { Array($0) }
    }

    static func float(_ number: Float) -> [UInt8] {
        var value = ProtobufWriter()
        value.key(2, 5)
        return value.bytes + withUnsafeBytes(of: number.bitPattern.littleEndian) { Array($0) }
    }

    static func bool(_ flag: Bool) -> [UInt8] {
        var value = ProtobufWriter()
        value.varintField(7, flag ? 1 : 0)
        return value.bytes
    }
}
