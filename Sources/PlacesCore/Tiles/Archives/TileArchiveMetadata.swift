import Foundation

/// What a map file says of itself, as Places uses it.
public struct TileArchiveMetadata: Equatable, Sendable {
    public enum Format: String, Sendable {
        case png, jpeg
        /// Mapbox Vector Tiles, drawn by Places in its own style (`VectorStyle`).
        case mvt
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
    /// The layers a vector map's tiles hold, as its `vector_layers` metadata names them ("water",
    /// "transportation"...); empty for raster maps.
    public var vectorLayers: [String]

    public init(name: String, format: Format, minZoom: Int, maxZoom: Int, bounds: WorldRect = .world, attribution: String = "",
                vectorLayers: [String] = []) {
        self.name = name
        self.format = format
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
        self.attribution = attribution
        self.vectorLayers = vectorLayers
    }

    /// The deepest level the map is drawn at: a raster map's tiles are scaled up beyond `maxZoom`;
    /// a vector map's deepest tiles are drawn again, as sharp, down to 8 levels deeper (as far as
    /// the camera goes), then scaled up: a tile's units then still fit Cairo's coordinates.
    public var deepestZoom: Int {
        format == .mvt ? max(maxZoom, min(Int(Camera.maxZoom), maxZoom + 8)) : maxZoom
    }

    /// The `id`s of the `vector_layers` in a map file's JSON metadata (MBTiles' `json` row, PMTiles'
    /// metadata, or a `json` string inside it as some converters leave it).
    static func vectorLayers(inJSON object: Any?) -> [String] {
        guard let object = object as? [String: Any] else { return [] }
        if let layers = object["vector_layers"] as? [[String: Any]] { return layers.compactMap { $0["id"] as? String } }
        if let nested = object["json"] as? String, let data = nested.data(using: .utf8) {
            return vectorLayers(inJSON: try? JSONSerialization.jsonObject(with: data))
        }
        return []
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

    /// Whether tile bytes look like a vector tile: gzip-compressed, or a protocol buffer starting
    /// with a layer (field 3, length-delimited).
    static func looksLikeVectorTile(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x1F, 0x8B]) || bytes.first == 0x1A
    }
}
