/// A Mapbox Vector Tile (specification 2.1): named layers of points, lines and polygons with
/// attributes, in tile units. Decoded whole from the tile's bytes, gzip-compressed or not, with every
/// length, index and geometry command checked, and at most `largestFeatureCount` features: a broken
/// or hostile tile ends in `TileArchiveError.damaged`, never a crash or unbounded memory.
public struct VectorTile: Sendable {
    public let layers: [VectorTileLayer]

    /// More features than any real map tile holds (OpenMapTiles' busiest tiles hold tens of thousands).
    public static let largestFeatureCount = 200_000
    /// More layers than any schema has (OpenMapTiles has 15).
    public static let largestLayerCount = 1_000

    public init(layers: [VectorTileLayer]) {
        self.layers = layers
    }

    /// Decodes `bytes`, inflating them first when they are gzip-compressed (as MBTiles keeps them).
    public init(decoding bytes: [UInt8]) throws(TileArchiveError) {
        let plain = bytes.starts(with: [0x1F, 0x8B]) ? try Gzip.inflate(bytes, limit: largestTile) : bytes
        var features = 0
        let result: Result<[VectorTileLayer], TileArchiveError> = plain.withUnsafeBufferPointer { buffer in
            do throws(TileArchiveError) {
                var reader = ProtobufReader(buffer)
                var layers: [VectorTileLayer] = []
                while let field = try reader.nextField() {
                    if field.number == 3, field.type == .lengthDelimited {
                        guard layers.count < Self.largestLayerCount else {
                            throw .damaged(tr("a vector tile holds more than {count} layers", ["count": Self.largestLayerCount.formatted()]))
                        }
                        var message = try reader.message()
                        layers.append(try Self.layer(&message, featureCount: &features))
                    } else {
                        try reader.skip(field.type)
                    }
                }
                return .success(layers)
            } catch {
                return .failure(error)
            }
        }
        layers = try result.get()
    }

    public func layer(_ name: String) -> VectorTileLayer? {
        layers.first { $0.name == name }
    }

    private static func layer(_ reader: inout ProtobufReader, featureCount: inout Int) throws(TileArchiveError) -> VectorTileLayer {
        var name = "", extent = 4096, version = 1
        var keys: [String] = [], values: [VectorTileValue] = []
        var features: [VectorTileFeature] = []
        var tags: [UInt32] = [], points: [SIMD2<Int32>] = [], partEnds: [Int] = []
        while let field = try reader.nextField() {
            switch (field.number, field.type) {
            case (1, .lengthDelimited): name = try reader.string()
            case (2, .lengthDelimited):
                featureCount += 1
                guard featureCount <= largestFeatureCount else {
                    throw .damaged(tr("a vector tile holds more than {count} features", ["count": largestFeatureCount.formatted()]))
                }
                var message = try reader.message()
                if let feature = try Self.feature(&message, tags: &tags, points: &points, partEnds: &partEnds) {
                    features.append(feature)
                }
            case (3, .lengthDelimited): keys.append(try reader.string())
            case (4, .lengthDelimited):
                var message = try reader.message()
                values.append(try VectorTileValue.read(&message))
            case (5, .varint): extent = Int(clamping: try reader.varint())
            case (15, .varint): version = Int(clamping: try reader.varint())
            default: try reader.skip(field.type)
            }
        }
        guard version <= 2 else {
            throw .damaged(tr("its layer “{name}” is of vector tile version {version}, and Places reads versions 1 and 2",
                              ["name": name, "version": String(version)]))
        }
        guard extent > 0, extent <= 1 << 20 else { throw .damaged(tr("its layer “{name}” has an extent of {extent} units", ["name": name, "extent": String(extent)])) }
        // Tags come before the keys and values they name: checked once all are read.
        for (index, tag) in tags.enumerated() where Int(tag) >= (index.isMultiple(of: 2) ? keys.count : values.count) {
            throw .damaged(tr("a feature of its layer “{name}” names an attribute the layer does not have", ["name": name]))
        }
        return VectorTileLayer(name: name, extent: extent, features: features, keys: keys, values: values,
                               tags: tags, points: points, partEnds: partEnds)
    }

    /// Reads a feature, appending its tags and geometry to the layer's arrays; nil for a feature of an
    /// unknown geometry type or with no geometry, which the specification lets readers ignore.
    private static func feature(_ reader: inout ProtobufReader, tags: inout [UInt32], points: inout [SIMD2<Int32>],
                                partEnds: inout [Int]) throws(TileArchiveError) -> VectorTileFeature? {
        var id: UInt64?, type: UInt64 = 0
        let firstTag = tags.count, firstPart = partEnds.count, firstPoint = points.count
        var commands: [UInt32] = []
        while let field = try reader.nextField() {
            switch (field.number, field.type) {
            case (1, .varint): id = try reader.varint()
            case (2, .lengthDelimited): try reader.packedVarints(into: &tags)
            case (3, .varint): type = try reader.varint()
            case (4, .lengthDelimited): try reader.packedVarints(into: &commands)
            default: try reader.skip(field.type)
            }
        }
        guard (tags.count - firstTag).isMultiple(of: 2) else { throw .damaged(tr("a feature of a vector tile has a key without a value")) }
        guard let kind = VectorTileFeature.Kind(rawValue: UInt8(truncatingIfNeeded: type)), type <= 3 else {
            tags.removeSubrange(firstTag...)
            return nil
        }
        try VectorTileGeometry.decode(commands, kind: kind, into: &points, partEnds: &partEnds)
        guard points.count > firstPoint else {
            tags.removeSubrange(firstTag...)
            return nil
        }
        return VectorTileFeature(id: id, kind: kind, tags: firstTag..<tags.count, parts: firstPart..<partEnds.count)
    }
}
