/// The tiles a camera shows, at the level whose tiles appear closest to their own size (the camera's
/// zoom rounded), each with where it goes on screen; nearest the centre first, the order in which
/// they are worth making.
public struct TileCoverage: Equatable, Sendable {
    /// A tile and the screen square it fills.
    public struct Placed: Equatable, Sendable {
        public let id: TileID
        /// The top left corner, in canvas pixels.
        public let origin: ScreenPoint
    }

    /// The camera's zoom rounded, kept within `minLevel...maxLevel`.
    public let level: Int
    /// The edge of a tile on screen, in canvas pixels (256 at the level's own zoom).
    public let tileSize: Double
    public let tiles: [Placed]

    /// The tiles of `camera`, at a level between `minLevel` and `maxLevel` (a layer's zoom range;
    /// beyond `maxLevel` its deepest tiles are scaled up).
    public init(camera: Camera, minLevel: Int = 0, maxLevel: Int = 22) {
        level = min(max(Int(camera.zoom.rounded()), minLevel, 0), max(maxLevel, minLevel))
        let side = 1 << level
        tileSize = camera.worldPixelSize / Double(side)
        guard let visible = camera.visibleWorldRect.intersection(.world), camera.viewport.width > 0, camera.viewport.height > 0 else {
            tiles = []
            return
        }
        let columns = Self.index(visible.minX, side)...Self.index(visible.maxX, side)
        let rows = Self.index(visible.minY, side)...Self.index(visible.maxY, side)
        let centre = camera.viewport.center
        var tiles: [Placed] = []
        for y in rows {
            for x in columns {
                let id = TileID(z: level, x: x, y: y)
                let rect = id.worldRect
                let corner = camera.screenPoint(for: WorldPoint(x: rect.minX, y: rect.minY))
                // Tiles that only touch the view's edge cover nothing of it.
                guard corner.x < camera.viewport.width, corner.y < camera.viewport.height,
                      corner.x + tileSize > 0, corner.y + tileSize > 0 else { continue }
                tiles.append(Placed(id: id, origin: corner))
            }
        }
        let half = tileSize / 2
        func distance(_ tile: Placed) -> Double {
            let dx = tile.origin.x + half - centre.x, dy = tile.origin.y + half - centre.y
            return dx * dx + dy * dy
        }
        self.tiles = tiles.sorted { (distance($0), $0.id.y, $0.id.x) < (distance($1), $1.id.y, $1.id.x) }
    }

    /// Only the tiles overlapping `bounds` (what a map file covers).
    public func within(_ bounds: WorldRect) -> TileCoverage {
        TileCoverage(level: level, tileSize: tileSize, tiles: tiles.filter { $0.id.worldRect.intersects(bounds) })
    }

    private init(level: Int, tileSize: Double, tiles: [Placed]) {
        self.level = level
        self.tileSize = tileSize
        self.tiles = tiles
    }

    private static func index(_ position: Double, _ side: Int) -> Int {
        min(max(Int((position * Double(side)).rounded(.down)), 0), side - 1)
    }
}
