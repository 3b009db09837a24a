/// Reads KML 2.2 (Google My Maps, Google Earth, many GIS tools) and KMZ, its zip form: Placemarks with
/// a Point become places, with a LineString (or a track) lines, with a Polygon areas (its outer and
/// inner rings), with a MultiGeometry all of those. The Folder path a placemark sits in
/// ("Trip/Restaurants", a My Maps layer) is kept as its `folder`, and is the list a point is in
/// (`ImportedFeature.place`'s groups), as is an Organic Maps document's name. `ExtendedData` becomes the other properties.
/// A description written as HTML is read as its text.
///
/// Ids are the placemark's `id` attribute, or `placemark3` (its position); the points of a
/// MultiGeometry add `#1`, `#2`...
public struct KMLReader: FeatureReader {
    let maker: FeatureMaker

    public init(source: PlaceSource.ID, idPrefix: String? = nil) {
        maker = FeatureMaker(source: source, idPrefix: idPrefix)
    }

    /// Reads `bytes` (a KML document), handing each place and shape to `each` in file order.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally {
        try run(makesFeatures: true, each: each) { builder throws(ImportError) in try XMLEventReader.read(bytes, with: builder, reached: reached) }
    }

    public func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportTally {
        try run(makesFeatures: false) { builder throws(ImportError) in try XMLEventReader.read(bytes, with: builder) }
    }

    /// Reads the documents of a KMZ one after the other, as one file: a placemark's position counts
    /// on from the previous document's. `reached` is told how far, scaled to the archive's size.
    func read(_ documents: [[UInt8]], archiveSize: Int = 0, reached: (Int) -> Void = { _ in }, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally {
        try run(makesFeatures: true, each: each) { builder throws(ImportError) in
            try Self.feed(documents, to: builder) { done in reached(Int(Double(done) * Double(archiveSize) / Double(max(1, documents.reduce(0) { $0 + $1.count })))) }
        }
    }

    func check(_ documents: [[UInt8]]) throws(ImportError) -> ImportTally {
        try run(makesFeatures: false) { builder throws(ImportError) in try Self.feed(documents, to: builder) }
    }

    /// A builder for this reader, given the document(s) by `feed`, then its tally.
    private func run(
        makesFeatures: Bool, each: (ImportedFeature) -> Void = { _ in }, feed: (KMLBuilder) throws(ImportError) -> Void
    ) throws(ImportError) -> ImportTally {
        try withoutActuallyEscaping(each) { each throws(ImportError) in
            let builder = KMLBuilder(maker: maker, makesFeatures: makesFeatures, each: each)
            try feed(builder)
            return try builder.finish()
        }
    }

    /// Feeds every document to `builder`, telling `reached` the bytes of all documents read so far.
    private static func feed(_ documents: [[UInt8]], to builder: KMLBuilder, reached: (Int) -> Void = { _ in }) throws(ImportError) {
        var before = 0
        for document in documents {
            try document.withUnsafeBufferPointer { bytes throws(ImportError) in
                try XMLEventReader.read(bytes, with: builder) { offset in reached(before + offset) }
            }
            try builder.endDocument()
            before += document.count
        }
    }
}
