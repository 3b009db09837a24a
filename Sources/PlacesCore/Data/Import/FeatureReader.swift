/// What every reader of a file format (GeoJSON, GPX, KML, CSV) does, and `PlaceFileReader`, which
/// picks one by the content: hand over each place and shape as it is read, or only count them.
public protocol FeatureReader: Sendable {
    /// Reads `bytes`, handing each place and shape to `each` in file order as soon as it is read (ids
    /// are not made unique across the file: `read(_:)` does that), and telling `reached` now and then
    /// the offset in `bytes` read up to, for a progress bar: the bytes before it are not read again,
    /// not even for an error's position, so the caller may give them back. Inside a task, stops with
    /// `.cancelled` soon after it is cancelled.
    func read(_ bytes: UnsafeBufferPointer<UInt8>, reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally
    /// Reads `bytes` as `read(_:each:)` does, counting the features without making them.
    func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportTally
}

extension FeatureReader {
    /// Reads `bytes` as `read(_:reached:each:)` does, without telling how far it has got.
    public func read(_ bytes: UnsafeBufferPointer<UInt8>, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally {
        try read(bytes, reached: { _ in }, each: each)
    }

    /// Reads `bytes` into places and shapes, ids made unique within the file.
    public func read(_ bytes: [UInt8]) throws(ImportError) -> ImportResult {
        try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in
            try ImportResult { each throws(ImportError) in try read(buffer, reached: { _ in }, each: each) }
        }
    }
}
