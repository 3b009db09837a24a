/// The kinds of file Places reads places from, told apart by their content, never by their name:
/// a GPX saved as `.xml` or a GeoJSON saved as `.json` reads the same.
public enum PlaceFileFormat: Sendable, CaseIterable {
    case geoJSON, gnomeMaps, gpx, kml, kmz, csv

    /// The format's name, as people know it.
    public var name: String {
        switch self {
        case .geoJSON: "GeoJSON"
        case .gnomeMaps: "GNOME Maps places"
        case .gpx: "GPX"
        case .kml: "KML"
        case .kmz: "KMZ"
        case .csv: "CSV"
        }
    }

    /// The format of `bytes`: JSON is GNOME Maps' places file when it has its layout, GeoJSON otherwise;
    /// a zip archive is KMZ, XML is
    /// GPX or KML by its root element, other text with a delimiter on its first line is a table.
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> PlaceFileFormat {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kmz }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || Self.looksLikeUTF16(bytes) {
            throw .unknownFormat(tr("it is written in UTF-16; Places reads text in UTF-8 (save it as UTF-8)"))
        }
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        // Whatever its name says: an empty .kml is not "not valid JSON".
        guard offset < bytes.count else { throw .unknownFormat(tr("the file is empty")) }
        switch bytes[offset] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return GNOMEMapsPlacesReader.recognizes(bytes) ? .gnomeMaps : .geoJSON
        case UInt8(ascii: "<"):
            switch XMLProlog.rootName(in: bytes) {
            case "gpx"?: return .gpx
            case "kml"?: return .kml
            case let root?:
                throw .unknownFormat(tr("it is an XML document of another kind (its root element is <{name}>, not <gpx> or <kml>)",
                                        ["name": root.clipped(to: 40)]))
            case nil:
                try XMLProlog.refuseDocumentType(in: bytes)
                throw .invalidXML(TextProblem(tr("the text starts like XML but holds no element")))
            }
        default:
            return .csv
        }
    }

    /// UTF-16 without a byte-order mark, as XML 1.0's appendix F tells it: its first ASCII characters
    /// (`<?`, `{"`, a letter) come with a zero byte each, after them (little-endian) or before (big-endian).
    private static func looksLikeUTF16(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4 else { return false }
        let little = bytes[0] != 0 && bytes[1] == 0 && bytes[2] != 0 && bytes[3] == 0
        let big = bytes[0] == 0 && bytes[1] != 0 && bytes[2] == 0 && bytes[3] != 0
        return little || big
    }
}
