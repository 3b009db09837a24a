/// What a file says about itself rather than about one of its places, kept so that an export of its
/// section gives it back: the document's name (a KML `Document`'s, a GPX's `metadata`), and other
/// apps' data at the file's level as the XML it came as (OsmAnd's `osmand:points_groups`, the
/// colours and icons of its favourites groups; an Organic Maps list's `mwm:` name, description and
/// dates). Read again with the file at every launch, so not kept in the library.
public struct SourceDocument: Hashable, Sendable {
    /// The formats whose file-level data is kept: `foreign` goes back only into a file of its own format.
    public enum Format: Sendable {
        case gpx, kml
    }

    public var name: String?
    /// The children of the GPX's own `<extensions>`, or of the KML `Document`'s `ExtendedData`, as XML.
    public var foreign: String?
    /// The format `foreign` is written in.
    public var format: Format?

    public init(name: String? = nil, foreign: String? = nil, format: Format? = nil) {
        self.name = name
        self.foreign = foreign
        self.format = format
    }

    /// `foreign`, when a file of `format` is being written.
    func foreign(for format: Format) -> String? { self.format == format ? foreign : nil }

    public var isEmpty: Bool { name == nil && foreign == nil }
}
