import Foundation

/// The formats Places writes places in, each under its usual file extension.
public enum ExportFormat: String, CaseIterable, Sendable {
    case geoJSON = "geojson"
    case gpx, kml, kmz, csv

    /// The format's name, as people know it.
    public var name: String {
        switch self {
        case .geoJSON: "GeoJSON"
        case .gpx: "GPX"
        case .kml: "KML"
        case .kmz: "KMZ"
        case .csv: "CSV"
        }
    }

    public var fileExtension: String { rawValue }

    /// The format a file name asks for by its extension (any case; `.json` is GeoJSON); nil for
    /// one Places does not write.
    public init?(fileName: String) {
        let suffix = (fileName as NSString).pathExtension.lowercased()
        guard let format = suffix == "json" ? .geoJSON : ExportFormat(rawValue: suffix) else { return nil }
        self = format
    }

    /// `fileName` with this format's extension: kept when the name has it already, put in place of
    /// another format's, added otherwise ("trip" and "trip.kml" become "trip.gpx"; "v1.2" "v1.2.gpx").
    public func fileName(_ fileName: String) -> String {
        if ExportFormat(fileName: fileName) == self { return fileName }
        let stem = ExportFormat(fileName: fileName) == nil ? fileName : (fileName as NSString).deletingPathExtension
        return stem + "." + fileExtension
    }

    /// Whether the format carries lines and areas; CSV, a table of places, does not.
    public var carriesShapes: Bool { self != .csv }

    /// The file's bytes for `places` and `shapes` (left out where the format has none);
    /// `title` names the document where the format has a name (KML). Safe off the main thread.
    func data(for places: [ExportedPlace], shapes: [PlaceShape] = [], title: String) throws -> Data {
        let text = Data(text(for: places, shapes: shapes, title: title).utf8)
        return self == .kmz ? try Self.zipped(text) : text
    }

    /// The document's text for `places` and `shapes` (a KMZ's KML).
    func text(for places: [ExportedPlace], shapes: [PlaceShape] = [], title: String) -> String {
        var (document, ordered) = document(for: places, shapes: shapes, title: title)
        return document.text(ordered, shapes: carriesShapes ? shapes : [])
    }

    /// A document of this format for places known whole, and the places in the order it writes them:
    /// a CSV's columns noted from them, a KML's shared styles found in them and its places by Folder.
    private func document(for places: [ExportedPlace], shapes: [PlaceShape], title: String,
                          file: SourceDocument? = nil) -> (document: any ExportDocument, places: [ExportedPlace]) {
        switch self {
        case .kml, .kmz:
            return (KMLWriter.Document(title: title, file: file, styles: KMLWriter.sharedStyles(places, shapes: shapes)), KMLWriter.inFolderOrder(places))
        case .csv:
            var columns = CSVWriter.Columns()
            for place in places { columns.note(place) }
            return (CSVWriter.Document(columns: columns), places)
        case .geoJSON, .gpx:
            return (document(title: title, file: file), places)
        }
    }

    /// An empty document of this format, for places that come one at a time: `columns` are a CSV
    /// table's, `file` what the places' file said about itself (a GPX's metadata name and extensions,
    /// a KML document's name and ExtendedData). A KML one has no shared styles: each placemark its own.
    func document(title: String, file: SourceDocument? = nil, columns: CSVWriter.Columns = CSVWriter.Columns()) -> any ExportDocument {
        switch self {
        case .geoJSON: GeoJSONWriter.Document()
        case .gpx: GPXWriter.Document(file: file)
        case .kml, .kmz: KMLWriter.Document(title: title, file: file)
        case .csv: CSVWriter.Document(columns: columns)
        }
    }

    /// Writes `places` and `shapes` to `url` (atomically), a piece at a time, with what their file
    /// said about itself (`document`) where the format has room for it.
    func write(_ places: [ExportedPlace], shapes: [PlaceShape] = [], title: String, document file: SourceDocument? = nil, to url: URL) throws {
        let (document, ordered) = document(for: places, shapes: shapes, title: title, file: file)
        try write(document, to: url) { document, emit in document.write(ordered, shapes: carriesShapes ? shapes : [], emit: emit) }
    }

    /// Writes to `url` (atomically) what `fill` puts in `document`, a piece at a time: never held
    /// whole, a KMZ's KML neither (deflated as it comes, `ZipStream`). When `fill` throws, nothing
    /// is written.
    func write(_ document: any ExportDocument, to url: URL,
               _ fill: (inout any ExportDocument, (String) -> Void) throws(AtomicFile.WriteError) -> Void) throws {
        var document = document
        guard self == .kmz else {
            return try AtomicFile.write(to: url) { write throws(AtomicFile.WriteError) in try Self.fill(&document, fill, into: write) }
        }
        let zip = ZipStream(entry: Self.kmzDocumentName)
        try AtomicFile.write(to: url) { write throws(AtomicFile.WriteError) in
            try Self.fill(&document, fill) { zip.append($0, emit: write) }
            do throws(ZipStream.Failure) {
                try zip.finish(emit: write)
            } catch {
                throw AtomicFile.WriteError(description: "cannot write \(url.path): \(error)")
            }
        }
    }

    /// Runs `fill` on `document`, its pieces going to `write` as bytes.
    private static func fill(_ document: inout any ExportDocument, _ fill: (inout any ExportDocument, (String) -> Void) throws(AtomicFile.WriteError) -> Void,
                             into write: (Data) -> Void) throws(AtomicFile.WriteError) {
        try withoutActuallyEscaping(write) { write throws(AtomicFile.WriteError) in try fill(&document) { write(Data($0.utf8)) } }
    }

    /// A KMZ's document: Google Earth's name for it.
    private static let kmzDocumentName = "doc.kml"

    /// A KMZ holding `document`.
    private static func zipped(_ document: Data) throws -> Data {
        var archive = Data()
        let zip = ZipStream(entry: kmzDocumentName)
        zip.append(document) { archive.append($0) }
        try zip.finish { archive.append($0) }
        return archive
    }
}
