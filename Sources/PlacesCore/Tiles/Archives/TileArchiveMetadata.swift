/// What a map file says of itself, as Places uses it.
public struct TileArchiveMetadata: Equatable, Sendable {
    public enum Format: String, Sendable {
        case png, jpeg
    }

    /// The file's own name for the map, else the file's name.
    public var name: String
    public var format: Format
    /// The levels it has tiles for; beyond `maxZoom` its deepest tiles are scaled up.
    public var minZoom: Int
    public var maxZoom: Int
    /// What its tiles cover; outside it no tile is asked for.
    public var bounds: WorldRect
    /// Whose map it is, as plain text ("© OpenStreetMap contributors"), shown on the map; may be empty.
    public var attribution: String

    public init(name: String, format: Format, minZoom: Int, maxZoom: Int, bounds: WorldRect = .world, attribution: String = "") {
        self.name = name
        self.format = format
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
        self.attribution = attribution
    }

    /// The world rectangle of a bounding box in degrees, clamped to what Web Mercator shows; nil when
    /// the numbers are not a box.
    static func bounds(west: Double, south: Double, east: Double, north: Double) -> WorldRect? {
        guard [west, south, east, north].allSatisfy(\.isFinite), west < east, south < north else { return nil }
        let northWest = WebMercator.project(Coordinate(latitude: min(north, 90), longitude: max(west, -180)))
        let southEast = WebMercator.project(Coordinate(latitude: max(south, -90), longitude: min(east, 180)))
        return WorldRect(minX: northWest.x, minY: northWest.y, maxX: southEast.x, maxY: southEast.y).intersection(.world)
    }

    /// The image format of tile bytes, by their first bytes.
    static func format(ofTile bytes: [UInt8]) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }
}
