import Foundation

/// Reads RFC 7946 GeoJSON into places and shapes: FeatureCollections, Features and bare geometries.
/// `Point` and `MultiPoint` become places, `LineString` and `MultiLineString` lines, `Polygon` and
/// `MultiPolygon` areas; a feature with a bad coordinate or a wrong type is skipped with a reason.
/// Nothing here traps on any input. Features are read one at a time as they come (`GeoJSONWalker`),
/// never as a tree of the whole document.
///
/// Ids are the feature's `"id"`, or its position (`"3"`) when it has none; each point of a
/// MultiPoint adds `#1`, `#2`... Ids are unique within a file (`UniqueIDs`), so every feature is kept.
public struct GeoJSONReader: FeatureReader {
    let maker: FeatureMaker

    /// A reader for `source`; imported files get their source id as id prefix.
    public init(source: PlaceSource.ID, idPrefix: String? = nil) {
        maker = FeatureMaker(source: source, idPrefix: idPrefix)
    }

    /// Reads `bytes`, handing each place and shape to `each` in file order as soon as it is read (ids
    /// are not made unique across the file: `read(_:)` does that). Nothing else of the file is kept.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally {
        var walker = GeoJSONWalker(bytes: bytes, maker: maker)
        try walker.read(reached: reached, each: each)
        return walker.tally
    }

    public func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportTally {
        var walker = GeoJSONWalker(bytes: bytes, maker: maker, makesFeatures: false)
        try walker.read(reached: { _ in }) { _ in }
        return walker.tally
    }
}
