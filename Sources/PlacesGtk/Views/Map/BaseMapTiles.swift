import CGtk
import PlacesCore

/// The base map cut into tiles drawn off the main thread and kept (`TileLoader`), so that a frame of
/// the map copies a few images instead of tracing every coastline again; where no tile is ready
/// yet, the canvas draws the base map itself.
@MainActor
final class BaseMapTiles {
    let loader: TileLoader<CairoImage>
    let painter: BaseMapPainter
    /// Device pixels per unit the tiles are drawn at.
    let scale: Int

    /// At most 48 MB of tiles: 190 tiles at scale 1, more than five windows' worth.
    private static let budget = 48 << 20

    init(painter: BaseMapPainter, scale: Int) {
        self.painter = painter
        self.scale = scale
        loader = TileLoader(budget: Self.budget, cost: \.byteCount) { tile in
            Self.render(tile, with: painter, scale: scale)
        }
    }

    /// Makes level 1's four tiles first: until the tiles in view are made, the map shows these
    /// scaled up, rather than tracing the base map on the main thread frame after frame. Those of
    /// `standIns` made in that look are taken as they are.
    func prepareStandIns(_ standIns: StandIns? = nil) {
        if let standIns, standIns.palette == painter.palette, standIns.scale == scale { loader.provide(standIns.tiles) }
        loader.prepare(TileID.level(1))
    }

    /// Level 1's four tiles of a base map, made before there is a window to show them.
    struct StandIns: Sendable {
        let palette: MapPalette
        let scale: Int
        let tiles: [(id: TileID, image: CairoImage)]

        /// Draws them on the calling thread: while GTK starts up, so that the first frame has them
        /// (made after the window is built, they came 25–75 ms after it, and the first frame traced
        /// the base map on the main thread instead).
        nonisolated init(of worldMap: WorldMap, palette: MapPalette, scale: Int) {
            let painter = BaseMapPainter(worldMap: worldMap, palette: palette)
            self.palette = palette
            self.scale = scale
            tiles = TileID.level(1).map { ($0, BaseMapTiles.render($0, with: painter, scale: scale)) }
        }
    }

    /// Tile `tile` of the base map: the sea, then the land and borders meant for its level.
    nonisolated static func render(_ tile: TileID, with painter: BaseMapPainter, scale: Int) -> CairoImage {
        let size = WebMercator.tileSize
        return CairoImage(size: Int(size), scale: scale) { cairo in
            let ocean = painter.palette.ocean
            cairo_set_source_rgb(cairo, ocean.red, ocean.green, ocean.blue)
            cairo_paint(cairo)
            let transform = BaseMapPainter.Transform(
                scale: size * Double(1 << tile.z), originX: -Double(tile.x) * size, originY: -Double(tile.y) * size
            )
            painter.draw(zoom: Double(tile.z), through: transform, within: tile.worldRect, on: cairo)
        }
    }
}
