import Foundation

/// Finds the features a vector tile names, as `StreetFeature`s: OpenMapTiles' `place`, `poi` and
/// `transportation_name` layers, Protomaps' `places`, `pois` and named `roads`. Only what lies in the
/// tile itself is taken (not the buffer around it, which its neighbours hold too).
public enum StreetFeatures {
    /// More named features than a tile is worth labelling; the most important are kept.
    static let largestCount = 2_000
    /// The most attributes kept of one point of interest (a real one has a dozen).
    static let largestAttributeCount = 64

    public static func named(in tile: VectorTile, id: TileID, schema: VectorSchema) -> [StreetFeature] {
        let layers: (places: String, pois: String, roads: String, classKey: String)
        switch schema {
        case .openMapTiles: layers = ("place", "poi", "transportation_name", "class")
        case .protomaps: layers = ("places", "pois", "roads", "kind")
        case .other: return []
        }
        var found: [StreetFeature] = []
        for layer in tile.layers {
            let kind: (VectorTileLayer, VectorTileFeature) -> StreetFeature.Kind?
            switch layer.name {
            case layers.places: kind = { layer, feature in .place(rank: rank(layer, feature, schema: schema, poi: false)) }
            case layers.pois: kind = { layer, feature in .poi(rank: rank(layer, feature, schema: schema, poi: true)) }
            case layers.roads: kind = { _, feature in feature.kind == .line ? .road : nil }
            default: continue
            }
            guard let nameKey = layer.keyIndex("name") else { continue }
            let classKey = layer.keyIndex(layers.classKey)
            for feature in layer.features {
                guard let name = layer.value(keyIndex: nameKey, of: feature)?.description, !name.isEmpty,
                      let kind = kind(layer, feature) else { continue }
                let anchor: (point: SIMD2<Double>, angle: Double)?
                switch kind {
                case .road: anchor = middleOfLongestStretch(layer, feature)
                case .place, .poi: anchor = firstPointInside(layer, feature)
                }
                guard let anchor else { continue }
                let side = Double(1 << id.z) * Double(layer.extent)
                found.append(StreetFeature(
                    kind: kind, name: name, className: classKey.flatMap { layer.value(keyIndex: $0, of: feature)?.description } ?? "",
                    point: WorldPoint(x: (Double(id.x * layer.extent) + anchor.point.x) / side, y: (Double(id.y * layer.extent) + anchor.point.y) / side),
                    angle: anchor.angle,
                    // Only a point of interest's card reads them; a street's and a town's are not copied.
                    attributes: kind.isPointOfInterest
                        ? layer.attributes(of: feature).prefix(largestAttributeCount).map { StreetFeature.Attribute(key: $0.key, value: $0.value.description) }
                        : [],
                    layer: layer.name, id: feature.id
                ))
            }
        }
        if found.count > largestCount {
            found.sort { $0.priority < $1.priority }
            found.removeLast(found.count - largestCount)
        }
        return found
    }

    /// A point's rank: OpenMapTiles' `rank` (1 most important), Protomaps' `min_zoom` for points of
    /// interest and `population_rank` (higher more important) for places.
    private static func rank(_ layer: VectorTileLayer, _ feature: VectorTileFeature, schema: VectorSchema, poi: Bool) -> Int {
        /// A tile's number as a rank between 0 and 99 (it may be anything: a NaN, 2^64).
        func number(_ key: String, _ otherwise: Int) -> Int {
            guard let value = layer.value(key, of: feature)?.number, value.isFinite else { return otherwise }
            return Int(min(99, max(0, value.rounded())))
        }
        switch schema {
        case .protomaps where !poi: return 20 - min(20, number("population_rank", 0))
        case .protomaps: return number("min_zoom", 15)
        default: return number("rank", 10)
        }
    }

    private static func firstPointInside(_ layer: VectorTileLayer, _ feature: VectorTileFeature) -> (point: SIMD2<Double>, angle: Double)? {
        let extent = Int32(layer.extent)
        var found: SIMD2<Double>?
        layer.forEachPart(of: feature) { part in
            guard found == nil, let point = part.first(where: { $0.x >= 0 && $0.y >= 0 && $0.x < extent && $0.y < extent }) else { return }
            found = SIMD2(Double(point.x), Double(point.y))
        }
        return found.map { ($0, 0) }
    }

    /// The middle of the longest segment of a line whose middle lies in the tile, and its slope.
    private static func middleOfLongestStretch(_ layer: VectorTileLayer, _ feature: VectorTileFeature) -> (point: SIMD2<Double>, angle: Double)? {
        let extent = Double(layer.extent)
        var best: (length: Double, point: SIMD2<Double>, angle: Double)?
        layer.forEachPart(of: feature) { part in
            var previous: SIMD2<Double>?
            for point in part {
                let current = SIMD2(Double(point.x), Double(point.y))
                defer { previous = current }
                guard let previous else { continue }
                let middle = (previous + current) / 2, delta = current - previous
                let length = (delta * delta).sum().squareRoot()
                let inside = middle.x >= 0 && middle.y >= 0 && middle.x < extent && middle.y < extent
                guard inside, length > (best?.length ?? 0) else { continue }
                var angle = atan2(delta.y, delta.x)
                if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
                best = (length, middle, angle)
            }
        }
        return best.map { ($0.point, $0.angle) }
    }
}
