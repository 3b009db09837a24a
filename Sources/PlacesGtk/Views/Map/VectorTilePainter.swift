import CGtk
import PlacesCore

/// Draws a vector map's tile with Cairo in a `VectorStyle`, off the main thread: the rules in order,
/// each one's features traced into one path and filled or stroked at once. A tile deeper than the
/// map's levels is drawn from the part of its ancestor that covers it, as sharp as any other; what
/// lies outside the map's bounds is left out.
public struct VectorTilePainter: Sendable {
    let style: VectorStyle
    /// What the map covers, in world units.
    let bounds: WorldRect
    /// Device pixels per unit.
    let scale: Int

    public init(style: VectorStyle, bounds: WorldRect, scale: Int) {
        self.style = style
        self.bounds = bounds
        self.scale = scale
    }

    /// Tile `tile` drawn from `data`, the decoded tile `source` (`tile` itself or an ancestor). A tile
    /// wholly inside the map, in a known schema, starts from the land colour (as the schemas' own
    /// styles do) and is opaque: painting it on the canvas is a copy.
    public func image(of tile: TileID, from data: VectorTile, source: TileID) -> CairoImage {
        let size = WebMercator.tileSize
        let isWhole = style.schema != .other && bounds.contains(tile.worldRect)
        return CairoImage(size: Int(size), scale: scale, opaque: isWhole) { cairo in
            if isWhole {
                cairo_set_source_rgb(cairo, style.land.red, style.land.green, style.land.blue)
                cairo_paint(cairo)
            }
            let clip = tile.worldRect.intersection(bounds)
            guard let clip else { return }
            let side = Double(1 << tile.z)
            cairo_rectangle(cairo, (clip.minX * side - Double(tile.x)) * size, (clip.minY * side - Double(tile.y)) * size,
                            clip.width * side * size, clip.height * side * size)
            cairo_clip(cairo)
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            let levels = tile.z - source.z
            let zoom = Double(tile.z)
            for rule in style.rules where tile.z >= rule.minZoom {
                guard let layer = data.layer(rule.layer) else { continue }
                // Tile units to this tile's units: the source covers 2^levels tiles a side.
                let unit = size * Double(1 << levels) / Double(layer.extent)
                let frame = Frame(unit: unit,
                                  originX: -Double(tile.x - (source.x << levels)) * size,
                                  originY: -Double(tile.y - (source.y << levels)) * size)
                draw(rule, of: layer, zoom: zoom, in: frame, on: cairo)
            }
        }
    }

    /// Where tile units go: `origin + point · unit`, and which tile units are seen (with room for
    /// the widest line).
    private struct Frame {
        var unit: Double
        var originX: Double
        var originY: Double

        func contains(_ low: SIMD2<Int32>, _ high: SIMD2<Int32>, margin: Double) -> Bool {
            let size = WebMercator.tileSize
            let minX = originX + Double(low.x) * unit, maxX = originX + Double(high.x) * unit
            let minY = originY + Double(low.y) * unit, maxY = originY + Double(high.y) * unit
            return maxX >= -margin && minX <= size + margin && maxY >= -margin && minY <= size + margin
        }
    }

    private func draw(_ rule: VectorStyle.Rule, of layer: VectorTileLayer, zoom: Double, in frame: Frame, on cairo: OpaquePointer) {
        let classKey = rule.values == nil ? nil : layer.keyIndex(style.classKey)
        if rule.values != nil, classKey == nil { return }
        let isFill: Bool, width: Double
        switch rule.paint {
        case .fill: (isFill, width) = (true, 1)
        case .line(_, let base, _): (isFill, width) = (false, VectorStyle.width(base, atZoom: zoom))
        }
        var traced = 0
        for feature in layer.features {
            switch feature.kind {
            case .point: continue
            case .line: if isFill { continue }
            case .polygon: break
            }
            if let values = rule.values, let classKey {
                guard let value = layer.value(keyIndex: classKey, of: feature)?.string, values.contains(value) else { continue }
            }
            layer.forEachPart(of: feature) { part in
                guard let first = part.first else { return }
                var low = first, high = first
                for point in part {
                    low = pointwiseMin(low, point)
                    high = pointwiseMax(high, point)
                }
                guard frame.contains(low, high, margin: width) else { return }
                cairo_move_to(cairo, frame.originX + Double(first.x) * frame.unit, frame.originY + Double(first.y) * frame.unit)
                for point in part.dropFirst() {
                    cairo_line_to(cairo, frame.originX + Double(point.x) * frame.unit, frame.originY + Double(point.y) * frame.unit)
                }
                if feature.kind == .polygon { cairo_close_path(cairo) }
                traced += 1
            }
        }
        guard traced > 0 else { return }
        switch rule.paint {
        case .fill(let colour, let outline):
            setColour(cairo, colour)
            if let outline {
                cairo_fill_preserve(cairo)
                setColour(cairo, outline)
                cairo_set_line_width(cairo, 0.75)
                cairo_stroke(cairo)
            } else {
                cairo_fill(cairo)
            }
        case .line(let colour, _, let dashes):
            setColour(cairo, colour)
            cairo_set_line_width(cairo, width)
            cairo_set_line_cap(cairo, dashes.isEmpty ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
            if !dashes.isEmpty {
                var scaled = dashes.map { $0 * max(1, width) }
                cairo_set_dash(cairo, &scaled, Int32(scaled.count), 0)
            }
            cairo_stroke(cairo)
            cairo_set_dash(cairo, nil, 0, 0)
        }
    }

    private func setColour(_ cairo: OpaquePointer, _ colour: RGB) {
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
    }
}
