/// What a file says about itself rather than about one of its places, kept so that an export of its
/// section gives it back: the document's name (a KML `Document`'s, a GPX's `metadata`), and other
/// apps' data at the file's level as the XML it came as (OsmAnd's `osmand:points_groups`, the
/// colours and icons of its favourites groups; an Organic Maps list's `mwm:` name, description and
/// dates). Read again with the file at every launch, so not kept in the library.
public struct SourceDocument: Hashable, Sendable {
    public var name: String?
    /// The children of the GPX's own `<extensions>`, or of the KML `Document`'s `ExtendedData`, as XML.
    public var foreign: String?

    public init(name: String? = nil, foreign: String? = nil) {
        self.name = name
        self.foreign = foreign
    }

    public var isEmpty: Bool { name == nil && foreign == nil }
}
