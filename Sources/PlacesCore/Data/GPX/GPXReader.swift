/// Reads GPX 1.0 and 1.1 (GPS devices, OsmAnd's favourites, route planners): waypoints become places
/// (`name`; `desc` or `cmt` as the line about it; `type` or `sym` as its kind; `link`'s `href` or 1.0's
/// `url` as its link; the rest — elevation, time, extensions — kept as properties), routes and tracks
/// become lines (a track's segments its parts). A waypoint off the globe is skipped with its reason,
/// and so is a route or track with such a point: its line is not drawn with a gap.
///
/// Ids are `wpt3`, `rte1`, `trk2` (the position among its kind).
public struct GPXReader: FeatureReader {
    let maker: FeatureMaker

    public init(source: PlaceSource.ID, idPrefix: String? = nil) {
        maker = FeatureMaker(source: source, idPrefix: idPrefix)
    }

    /// Reads `bytes`, handing each place and line to `each` in file order.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally {
        try withoutActuallyEscaping(each) { each throws(ImportError) in
            let builder = GPXBuilder(maker: maker, makesFeatures: true, each: each)
            try XMLEventReader.read(bytes, with: builder, reached: reached)
            return try builder.finish()
        }
    }

    public func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportTally {
        let builder = GPXBuilder(maker: maker, makesFeatures: false, each: { _ in })
        try XMLEventReader.read(bytes, with: builder)
        return try builder.finish()
    }
}
