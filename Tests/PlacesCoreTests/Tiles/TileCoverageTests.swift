import Foundation
@testable import PlacesCore
import Testing

/// Which tiles a camera shows, and where.
@Suite("Tile coverage")
struct TileCoverageTests {
    static let viewport = ScreenSize(width: 1000, height: 700)

    @Test("the tiles fill the view without gaps or overlaps, at the camera's zoom rounded",
          arguments: [0.0, 1.3, 2.5, 4.49, 7.0, 12.6])
    func fillsTheView(zoom: Double) {
        let camera = Camera(center: Coordinate(latitude: 48.2, longitude: 16.4), zoom: zoom, viewport: Self.viewport)
        let coverage = TileCoverage(camera: camera)
        #expect(coverage.level == Int(zoom.rounded()))
        #expect(abs(coverage.tileSize - 256 * exp2(zoom - zoom.rounded())) < 1e-9)
        // Every pixel of the view inside the world is covered by exactly one tile.
        let world = camera.visibleWorldRect.intersection(.world)!
        for px in stride(from: 0.5, to: Self.viewport.width, by: 37) {
            for py in stride(from: 0.5, to: Self.viewport.height, by: 41) {
                let point = camera.worldPoint(at: ScreenPoint(x: px, y: py))
                guard world.contains(point) else { continue }
                let covering = coverage.tiles.filter {
                    px >= $0.origin.x && px < $0.origin.x + coverage.tileSize && py >= $0.origin.y && py < $0.origin.y + coverage.tileSize
                }
                #expect(covering.count == 1, "pixel \(px), \(py)")
                #expect(covering.first.map { $0.id.worldRect.contains(point) } == true)
            }
        }
    }

    @Test("tiles nearest the centre come first; a layer's levels bound the level used")
    func orderAndBounds() {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 9.2, viewport: Self.viewport)
        let coverage = TileCoverage(camera: camera)
        let centre = Self.viewport.center
        let distances = coverage.tiles.map { tile in
            let dx = tile.origin.x + coverage.tileSize / 2 - centre.x, dy = tile.origin.y + coverage.tileSize / 2 - centre.y
            return dx * dx + dy * dy
        }
        #expect(distances == distances.sorted())
        let capped = TileCoverage(camera: camera, maxLevel: 6)
        #expect(capped.level == 6 && abs(capped.tileSize - 256 * exp2(3.2)) < 1e-9, "deepest tiles scaled up")
        #expect(TileCoverage(camera: camera, minLevel: 11).level == 11)
    }

    @Test("a tile's parent covers it, and its TMS row counts from the south")
    func tileIDs() {
        let tile = TileID(z: 3, x: 5, y: 1)
        #expect(tile.parent == TileID(z: 2, x: 2, y: 0))
        #expect(tile.parent!.worldRect.contains(tile.worldRect))
        #expect(tile.ancestor(levels: 3) == TileID(z: 0, x: 0, y: 0))
        #expect(tile.tmsRow == 6)
        #expect(tile.isValid && !TileID(z: 2, x: 4, y: 0).isValid)
        #expect(tile.description == "3/5/1")
    }
}
