/// Reads a file of any format Places knows (`PlaceFileFormat`), found from its content, into places
/// and shapes: imports, `places --check` and drag and drop all come through here.
public struct PlaceFileReader: FeatureReader {
    public let source: PlaceSource.ID
    let idPrefix: String?

    /// A reader for `source`; imported files get their source id as id prefix.
    public init(source: PlaceSource.ID, idPrefix: String? = nil) {
        self.source = source
        self.idPrefix = idPrefix
    }

    /// Reads `bytes`, handing each place and shape to `each` in file order.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally {
        switch try PlaceFileFormat.detect(bytes) {
        case .geoJSON: try GeoJSONReader(source: source, idPrefix: idPrefix).read(bytes, reached: reached, each: each)
        case .gnomeMaps: try GNOMEMapsPlacesReader(source: source, idPrefix: idPrefix).read(bytes, reached: reached, each: each)
        case .gpx: try GPXReader(source: source, idPrefix: idPrefix).read(bytes, reached: reached, each: each)
        case .kml: try KMLReader(source: source, idPrefix: idPrefix).read(bytes, reached: reached, each: each)
        case .kmz:
            // Unpacking is quick; the reading of what was unpacked is told as a share of the archive.
            try KMLReader(source: source, idPrefix: idPrefix).read(KMZArchive.documents(in: bytes), archiveSize: bytes.count, reached: reached, each: each)
        case .csv: try CSVReader(source: source, idPrefix: idPrefix).read(bytes, reached: reached, each: each)
        }
    }

    public func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportTally {
        switch try PlaceFileFormat.detect(bytes) {
        case .geoJSON: try GeoJSONReader(source: source, idPrefix: idPrefix).check(bytes)
        case .gnomeMaps: try GNOMEMapsPlacesReader(source: source, idPrefix: idPrefix).check(bytes)
        case .gpx: try GPXReader(source: source, idPrefix: idPrefix).check(bytes)
        case .kml: try KMLReader(source: source, idPrefix: idPrefix).check(bytes)
        case .kmz:
            try KMLReader(source: source, idPrefix: idPrefix).check(KMZArchive.documents(in: bytes))
        case .csv: try CSVReader(source: source, idPrefix: idPrefix).check(bytes)
        }
    }
}

extension PlaceFileReader {
    /// Reads the file at `path` whole, as an import reads it (ids unique across the file), for what
    /// reads files without a window: `places --export` and `--convert`, restoring a backup.
    static func read(path: String, source: PlaceSource.ID, idPrefix: String? = nil) -> Result<ImportResult, ImportError> {
        let file: FileBytes
        do {
            file = try RegularFile.readOnce(path, limit: PlaceFiles.sizeLimit)
        } catch {
            return .failure(.unreadable(error))
        }
        return Result { () throws(ImportError) in
            try ImportResult { each throws(ImportError) in
                try PlaceFileReader(source: source, idPrefix: idPrefix).read(file.buffer, reached: { _ in }, each: each)
            }
        }
    }
}
