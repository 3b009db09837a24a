/// One layer of a vector tile ("water", "transportation", "pois"...): its features, whose
/// attributes and geometries are kept in arrays shared by the whole layer, so that a tile of
/// thousands of features costs a handful of allocations.
public struct VectorTileLayer: Sendable {
    public let name: String
    /// How many units a side of the tile measures (4096 by default); coordinates may lie outside
    /// 0..<extent, in the buffer around the tile.
    public let extent: Int
    public let features: [VectorTileFeature]
    public let keys: [String]
    public let values: [VectorTileValue]
    let tags: [UInt32]
    /// Every part's points, one part after another.
    let points: [SIMD2<Int32>]
    /// Where each part ends in `points`.
    let partEnds: [Int]

    /// Roughly the memory the layer takes.
    var byteCount: Int {
        MemoryLayout<Self>.stride + name.utf8.count + points.count * 8 + partEnds.count * 8 + tags.count * 4 + features.count * 48
            + values.count * 32 + keys.reduce(0) { $0 + 16 + $1.utf8.count }
    }

    /// The feature's value for `key` ("class", "name"...), if it has one.
    public func value(_ key: String, of feature: VectorTileFeature) -> VectorTileValue? {
        keyIndex(key).flatMap { value(keyIndex: $0, of: feature) }
    }

    /// The index of `key` among the layer's keys, to look it up in many features (`value(keyIndex:of:)`).
    public func keyIndex(_ key: String) -> Int? {
        keys.firstIndex(of: key)
    }

    public func value(keyIndex: Int, of feature: VectorTileFeature) -> VectorTileValue? {
        var tag = feature.tags.lowerBound
        while tag < feature.tags.upperBound {
            if Int(tags[tag]) == keyIndex { return values[Int(tags[tag + 1])] }
            tag += 2
        }
        return nil
    }

    /// Every attribute of the feature, in the tile's order.
    public func attributes(of feature: VectorTileFeature) -> [(key: String, value: VectorTileValue)] {
        stride(from: feature.tags.lowerBound, to: feature.tags.upperBound, by: 2).map { (keys[Int(tags[$0])], values[Int(tags[$0 + 1])]) }
    }

    /// The feature's parts (point runs, lines or rings), in tile units.
    public func parts(of feature: VectorTileFeature) -> [ArraySlice<SIMD2<Int32>>] {
        feature.parts.map { part in points[(part == 0 ? 0 : partEnds[part - 1])..<partEnds[part]] }
    }

    /// Calls `body` with each part of the feature, without making an array of them.
    public func forEachPart(of feature: VectorTileFeature, _ body: (ArraySlice<SIMD2<Int32>>) -> Void) {
        for part in feature.parts { body(points[(part == 0 ? 0 : partEnds[part - 1])..<partEnds[part]]) }
    }
}
