/// Where a set of places came from: the bundled data, the person's own places, or a file they imported.
public struct PlaceSource: Identifiable, Hashable, Sendable, Codable {
    public typealias ID = String

    public static let bundledID: ID = "bundled"
    public static let mineID: ID = "mine"

    public var id: ID
    /// The title shown on the list section (the file name for imports).
    public var title: String
    /// The file it was imported from; nil for the bundled data and the person's own places.
    public var path: String?
    /// What its file says about itself, once read (not kept in the library: read with the file).
    public var document: SourceDocument?

    public init(id: ID, title: String, path: String? = nil, document: SourceDocument? = nil) {
        self.id = id
        self.title = title
        self.path = path
        self.document = document
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, path
    }

    /// The places that ship with the app.
    public static let bundled = PlaceSource(id: bundledID, title: tr("World"))

    /// The places the person added themselves (kept in the library, editable).
    public static let mine = PlaceSource(id: mineID, title: tr("My Places"))

    /// What ends the id of a GNOME Maps places file read for its recent places rather than its favourites.
    public static let recentSuffix = "#recent"

    /// The places GNOME Maps only remembers having shown, in the file `favourites` (a GNOME Maps
    /// places file) holds the favourites of: a source of their own, to be removed on their own.
    public static func recentPlaces(in favourites: PlaceSource) -> PlaceSource {
        PlaceSource(id: favourites.id + recentSuffix, title: tr("Recent places in {file}", ["file": favourites.title]), path: favourites.path)
    }

    /// Whether this is the bundled source (grouped by category in the list).
    public var isBundled: Bool { id == Self.bundledID }

    /// Where its places come from, as the card and the map's chooser say it ("from “trip.gpx”"); nil
    /// for the bundled data and the person's own places.
    public var origin: String? {
        guard id != Self.bundledID, id != Self.mineID else { return nil }
        return tr("from “{file}”", ["file": title.clipped(to: 80)])
    }
}
