/// A file being imported, as the window shows it while it is read: its name and how far it has got.
public struct ImportActivity: Equatable, Sendable {
    public var file: String
    /// From 0 (just begun) to 1 (read to the end).
    public var fraction: Double

    public init(file: String, fraction: Double) {
        self.file = file
        self.fraction = fraction
    }

    /// "Importing trip.geojson…".
    public var text: String { tr("Importing {file}…", ["file": file]) }
}
