import CGtk
import PlacesCore

/// Draws the offline base map (land, rivers, province and country borders) with Cairo for a zoom level, through a
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
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        drawRivers(zoom: zoom, through: transform, within: area, on: cairo)
        drawProvinces(zoom: zoom, through: transform, within: area, on: cairo)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
        setColour(cairo, palette.border)
        cairo_set_line_width(cairo, palette.borderWidth * (zoom < 3 ? 0.67 : 1))
        for layer in worldMap.layers(.borders, atZoom: zoom) {
            for path in layer.paths where path.bounds.intersects(area) {
                trace(path, closed: false, through: transform, on: cairo)
            }
        }
        cairo_stroke(cairo)
    }

    /// Rivers and lake centrelines important enough for the zoom (a rank at most one more than it),
    /// wider the more important and the closer in.
    private func drawRivers(zoom: Double, through transform: Transform, within area: WorldRect, on cairo: OpaquePointer) {
        setColour(cairo, palette.river)
        for layer in worldMap.layers(.rivers, atZoom: zoom) {
            for path in layer.paths where Double(path.rank) <= zoom + 1 && path.bounds.intersects(area) {
                cairo_set_line_width(cairo, min(2.5, max(0.5, 0.5 + 0.25 * (zoom - Double(path.rank)))))
                trace(path, closed: false, through: transform, on: cairo)
                cairo_stroke(cairo)
            }
        }
    }

    /// State and province borders from the zoom Natural Earth gives each (less one), thin and
    /// dashed under the country borders.
    private func drawProvinces(zoom: Double, through transform: Transform, within area: WorldRect, on cairo: OpaquePointer) {
        let layers = worldMap.layers(.provinces, atZoom: zoom)
        guard !layers.isEmpty else { return }
        setColour(cairo, palette.province)
        cairo_set_line_width(cairo, palette.borderWidth * 0.7)
        var dashes = [3.0, 2.5]
        cairo_set_dash(cairo, &dashes, 2, 0)
        for layer in layers {
            for path in layer.paths where Double(path.rank) <= zoom + 1 && path.bounds.intersects(area) {
                trace(path, closed: false, through: transform, on: cairo)
            }
        }
        cairo_stroke(cairo)
        cairo_set_dash(cairo, nil, 0, 0)
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
