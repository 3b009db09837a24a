import CGtk
import PlacesCore

/// Draws the offline base map (land, country borders) with Cairo for a zoom level, through a
/// transform from world units to the target's units: for a tile of `BaseMapTiles`, or straight onto
/// the canvas where no tile is ready yet. Pure drawing, safe on any thread.
struct BaseMapPainter: Sendable {
    let worldMap: WorldMap
    let palette: MapPalette

    /// Where world units go: `origin + world · scale`.
    struct Transform {
        var scale: Double
        var originX: Double
        var originY: Double
    }

    /// Draws the layers meant for `zoom`, only paths meeting `area` (world units).
    func draw(zoom: Double, through transform: Transform, within area: WorldRect, on cairo: OpaquePointer) {
        // Strokes reach a little beyond their paths: paths just outside the area still show.
        let margin = 4 / transform.scale
        let area = WorldRect(minX: area.minX - margin, minY: area.minY - margin, maxX: area.maxX + margin, maxY: area.maxY + margin)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        setColour(cairo, palette.land)
        for layer in worldMap.layers(.land, atZoom: zoom) {
            for path in layer.paths where path.bounds.intersects(area) {
                trace(path, closed: true, through: transform, on: cairo)
                cairo_fill(cairo)
            }
        }
        setColour(cairo, palette.border)
        cairo_set_line_width(cairo, palette.borderWidth * (zoom < 3 ? 0.67 : 1))
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        for layer in worldMap.layers(.borders, atZoom: zoom) {
            for path in layer.paths where path.bounds.intersects(area) {
                trace(path, closed: false, through: transform, on: cairo)
            }
        }
        cairo_stroke(cairo)
    }

    private func trace(_ path: WorldMap.Path, closed: Bool, through transform: Transform, on cairo: OpaquePointer) {
        let scale = transform.scale, originX = transform.originX, originY = transform.originY
        for ring in path.rings {
            guard let first = ring.first else { continue }
            cairo_move_to(cairo, originX + first.x * scale, originY + first.y * scale)
            for point in ring.dropFirst() {
                cairo_line_to(cairo, originX + point.x * scale, originY + point.y * scale)
            }
            if closed { cairo_close_path(cairo) }
        }
    }

    private func setColour(_ cairo: OpaquePointer, _ colour: RGB) {
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
    }
}
