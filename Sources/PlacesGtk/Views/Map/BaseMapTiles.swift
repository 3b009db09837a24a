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
    /// scaled up, rather than tracing the base map on the main thread frame after frame. The first
    /// are made while the window is still being built.
    func prepareStandIns() {
        loader.prepare(TileID.level(1))
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
