import CGtk
import PlacesCore

/// Draws the map with Cairo: the base map's tiles (ocean, land, borders), shapes, markers, clusters,
/// labels, legend and attribution. Pure drawing: everything it draws comes from `MapState` and the
/// base map; it decides nothing.
@MainActor
struct MapRenderer {
    let baseMap: BaseMapTiles
    let rasterTiles: RasterLayerTiles
    let sprites: MapSprites
    let streetLabelLayer: StreetLabelLayer
    var palette: MapPalette { baseMap.painter.palette }

    static let attribution = tr("Map data: Natural Earth (public domain) · Airports: airportsdata (MIT)")
    /// The attribution in a narrow window, where the long one would run off the left edge.
    static let shortAttribution = tr("Natural Earth · airportsdata")

    func draw(_ state: MapState, on cairo: OpaquePointer, width: Double, height: Double) {
        sprites.beginFrame()
        setColour(cairo, palette.ocean)
        cairo_paint(cairo)
        drawBaseMap(state.camera, on: cairo)
        rasterTiles.waiting = 0
        for layer in state.rasterLayers { drawRasterLayer(layer, camera: state.camera, on: cairo) }
        drawShapes(state.shapes, camera: state.camera, on: cairo)
        drawCityLabels(state.cityLabels, on: cairo)
        streetLabelLayer.paint(state.streetLabels, width: Int(width), height: Int(height), scale: baseMap.scale, palette: palette, on: cairo) {
            drawStreetLabels(state.streetLabels, on: $0)
        }
        drawMarkers(state, on: cairo)
        if let draft = state.draft { drawDraft(draft, on: cairo) }
        drawLegend(state.legend, on: cairo)  // over the markers, whose clusters hid its text (names keep clear of it)
        drawAttribution(state.attributions, on: cairo, width: width, height: height)
    }

    /// The base map's tiles for the camera, a missing tile stood in for by the part of an ancestor
    /// that covers it; where there is none yet, the base map drawn straight onto the canvas.
    private func drawBaseMap(_ camera: Camera, on cairo: OpaquePointer) {
        let coverage = TileCoverage(camera: camera)
        let missing = paintTiles(coverage, from: baseMap.loader, ancestors: { _ in 5 }, on: cairo)
        guard !missing.isEmpty else { return }
        cairo_save(cairo)
        var area: WorldRect?
        for placed in missing {
            cairo_rectangle(cairo, placed.origin.x, placed.origin.y, coverage.tileSize, coverage.tileSize)
            area = area.map { $0.union(placed.id.worldRect) } ?? placed.id.worldRect
        }
        cairo_clip(cairo)
        let scale = camera.worldPixelSize
        let transform = BaseMapPainter.Transform(
            scale: scale, originX: camera.viewport.width / 2 - camera.centerWorldPoint.x * scale,
            originY: camera.viewport.height / 2 - camera.centerWorldPoint.y * scale
        )
        baseMap.painter.draw(zoom: Double(coverage.level), through: transform, within: area!, on: cairo)
        cairo_restore(cairo)
    }

    /// A raster map's tiles over the base map, where it has them: a missing tile stood in for by the
    /// part of an ancestor that covers it, beyond the map's deepest level its deepest tiles scaled up.
    private func drawRasterLayer(_ layer: MapRasterLayer, camera: Camera, on cairo: OpaquePointer) {
        let coverage = TileCoverage(camera: camera, minLevel: layer.minZoom, maxLevel: layer.maxZoom).within(layer.bounds)
        let loader = rasterTiles.loader(for: layer)
        // Only what the map covers is painted: its tiles at the edges are mostly empty, and blending
        // their empty part (scaled, between levels) cost as much as their map.
        // Cut to the view first: deep in, a world-wide map's bounds are millions of pixels across,
        // beyond what Cairo's fixed-point coordinates hold.
        let low = camera.screenPoint(for: WorldPoint(x: layer.bounds.minX, y: layer.bounds.minY))
        let high = camera.screenPoint(for: WorldPoint(x: layer.bounds.maxX, y: layer.bounds.maxY))
        let minX = max(-1, low.x.rounded(.down)), minY = max(-1, low.y.rounded(.down))
        let maxX = min(camera.viewport.width + 1, high.x.rounded(.up)), maxY = min(camera.viewport.height + 1, high.y.rounded(.up))
        guard maxX > minX, maxY > minY else { return }
        cairo_save(cairo)
        cairo_rectangle(cairo, minX, minY, maxX - minX, maxY - minY)
        cairo_clip(cairo)
        _ = paintTiles(coverage, from: loader, ancestors: { min($0.z - layer.minZoom, 5) }, on: cairo)
        cairo_restore(cairo)
        rasterTiles.waiting += coverage.tiles.count { !loader.hasAnswer(for: $0.id) }
    }

    /// Paints the tiles of `coverage` that `loader` has made, each missing one stood in for by the
    /// part of the nearest of its `ancestors(tile)` ancestors that has been made; asks the loader for
    /// the tiles shown; returns those with nothing to show.
    private func paintTiles(
        _ coverage: TileCoverage, from loader: TileLoader<CairoImage>, ancestors: (TileID) -> Int, on cairo: OpaquePointer
    ) -> [TileCoverage.Placed] {
        var missing: [TileCoverage.Placed] = []
        cairo_save(cairo)
        // Tiles meet edge to edge: antialiased edges would let what is under them show at the seams.
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
        for placed in coverage.tiles {
            if let (image, tile) = loader.imageOrAncestor(placed.id, levels: ancestors(placed.id)) {
                paint(image, of: tile, at: placed, size: coverage.tileSize, on: cairo)
            } else {
                missing.append(placed)
            }
        }
        cairo_restore(cairo)
        loader.want(coverage)
        return missing
    }

    /// Paints the part of `image` (tile `tile`, the placed tile or an ancestor of it) that covers
    /// `placed`, filling its `size`-pixel square. A tile shown at its own size is copied pixel for
    /// pixel, at a whole device pixel.
    private func paint(_ image: CairoImage, of tile: TileID, at placed: TileCoverage.Placed, size: Double, on cairo: OpaquePointer) {
        let levels = placed.id.z - tile.z
        let unit = WebMercator.tileSize / Double(1 << levels)  // the placed tile's part of the image
        let exact = levels == 0 && abs(size - WebMercator.tileSize) < 1e-6
        var x = placed.origin.x, y = placed.origin.y
        if exact {
            let deviceScale = Double(baseMap.scale)
            x = (x * deviceScale).rounded() / deviceScale
            y = (y * deviceScale).rounded() / deviceScale
        }
        cairo_save(cairo)
        cairo_translate(cairo, x, y)
        cairo_scale(cairo, size / unit, size / unit)
        cairo_set_source_surface(cairo, image.surface,
                                 -Double(placed.id.x - (tile.x << levels)) * unit, -Double(placed.id.y - (tile.y << levels)) * unit)
        let pattern = cairo_get_source(cairo)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, exact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_rectangle(cairo, 0, 0, unit, unit)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    /// Lines and areas from the person's files, in their file's colour on a halo that keeps them apart
    /// from land and sea in either style; areas filled lightly (even-odd: holes stay open). Points
    /// closer than a pixel to the last one drawn are skipped: a track of 100,000 points costs what
    /// its pixels cost.
    private func drawShapes(_ shapes: [MapShape], camera: Camera, on cairo: OpaquePointer) {
        guard !shapes.isEmpty else { return }
        let scale = camera.worldPixelSize
        let originX = camera.viewport.width / 2 - camera.centerWorldPoint.x * scale
        let originY = camera.viewport.height / 2 - camera.centerWorldPoint.y * scale
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        for shape in shapes {
            cairo_new_path(cairo)
            for part in shape.geometry.parts {
                guard let first = part.first else { continue }
                var last = (x: originX + first.x * scale, y: originY + first.y * scale)
                cairo_move_to(cairo, last.x, last.y)
                for point in part.dropFirst() {
                    let x = originX + point.x * scale, y = originY + point.y * scale
                    guard abs(x - last.x) >= 0.7 || abs(y - last.y) >= 0.7 else { continue }
                    cairo_line_to(cairo, x, y)
                    last = (x, y)
                }
                if shape.kind == .area { cairo_close_path(cairo) }
            }
            let width = shape.isSelected ? 5.0 : 3.0
            let colour = shape.colour
            if shape.kind == .area {
                cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, shape.isSelected ? 0.35 : 0.2)
                cairo_fill_preserve(cairo)
            }
            let halo = palette.halo
            cairo_set_source_rgba(cairo, halo.red, halo.green, halo.blue, 0.85)
            cairo_set_line_width(cairo, width + 3)
            cairo_stroke_preserve(cairo)
            setColour(cairo, colour)
            cairo_set_line_width(cairo, shape.kind == .area ? width - 1 : width)
            cairo_stroke(cairo)
        }
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
    }

    private func drawMarkers(_ state: MapState, on cairo: OpaquePointer) {
        let text = textPainter(on: cairo)
        let outline = palette.markerOutline
        for marker in state.markers {
            let x = marker.position.x, y = marker.position.y
            switch marker.kind {
            case .cluster(let count):
                let radius = MapMarkerStyle.clusterRadius(count)
                let disc = MapSprites.Disc(radius: radius, fill: palette.cluster, alpha: 0.85, stroke: outline, width: 2, scale: baseMap.scale)
                let digits = MapSprites.Look(size: 9, bold: true, colour: palette.clusterText, halo: nil, background: nil,
                                             backgroundOpacity: 0, scale: baseMap.scale)
                let whole = sprites.cluster(disc, count: count, digits: digits)
                sprites.paint(whole ?? sprites.disc(disc), at: (x - radius, y - radius), scale: baseMap.scale, on: cairo)
                if whole == nil { text.drawNumber(count, centredOn: (x, y), size: digits.size, bold: digits.bold, colour: digits.colour) }
            case .pointOfInterest:
                continue  // drawn with the street names
            case .place(_, let category, let isSelected):
                let fill = marker.fileColour ?? category.colour
                if isSelected {
                    circle(cairo, x, y, MapMarkerStyle.selectedRadius + 5, fill: fill, alpha: 0.25, stroke: nil, width: 0)
                    circle(cairo, x, y, MapMarkerStyle.selectedRadius, fill: fill, alpha: 1, stroke: outline, width: 3)
                } else {
                    circle(cairo, x, y, MapMarkerStyle.placeRadius, fill: fill, alpha: 1, stroke: outline, width: 2)
                }
                if marker.isFavourite { drawFavouriteStar(atMarker: x, y, isSelected: isSelected, text: text) }
                if let label = marker.label {
                    let offset = (isSelected ? MapMarkerStyle.selectedRadius : MapMarkerStyle.placeRadius) + 4
                    let onLeft = marker.labelSide == .left
                    text.draw(label, at: (onLeft ? x - offset : x + offset, y), anchor: onLeft ? .trailing : .leading,
                              size: isSelected ? 11 : 9, bold: isSelected, colour: palette.labelInk, halo: true)
                }
            }
        }
    }

    /// The place being edited: a larger marker in its kind’s colour on a halo of the accent (cluster) colour, which grows
    /// while it is dragged, with the name as typed.
    private func drawDraft(_ draft: MapDraftMarker, on cairo: OpaquePointer) {
        let x = draft.position.x, y = draft.position.y
        let radius = MapMarkerStyle.selectedRadius + (draft.isDragged ? 3 : 0)
        circle(cairo, x, y, radius + 8, fill: palette.cluster, alpha: 0.35, stroke: nil, width: 0)
        circle(cairo, x, y, radius, fill: draft.category.colour, alpha: 1, stroke: palette.cluster, width: 3)
        guard !draft.label.isEmpty else { return }
        textPainter(on: cairo).draw(draft.label, at: (x + radius + 6, y), anchor: .leading, size: 11, bold: true,
                                                           colour: palette.labelInk, halo: true)
    }

    /// A vector map's names: towns bold, points of interest on a dot of their kind's colour, streets along them.
    private func drawStreetLabels(_ labels: [MapStreetLabel], on cairo: OpaquePointer) {
        let text = textPainter(on: cairo)
        for label in labels {
            let x = label.position.x, y = label.position.y
            switch label.kind {
            case .place(let isMajor):
                text.draw(label.text, at: (x, y), anchor: .centre, size: isMajor ? 12 : 10, bold: true, colour: palette.labelInk, halo: true)
            case .pointOfInterest:
                circle(cairo, x, y, 4, fill: label.feature.category.colour, alpha: 1, stroke: palette.markerOutline, width: 1.5)
                text.draw(label.text, at: (x + 7, y), anchor: .leading, size: 8.5, colour: palette.cityInk, halo: true)
            case .road:
                text.draw(label.text, centredOn: (x, y), angle: label.angle, size: 8, colour: palette.cityInk)
            }
        }
    }

    private func drawCityLabels(_ labels: [MapCityLabel], on cairo: OpaquePointer) {
        let text = textPainter(on: cairo)
        for label in labels {
            circle(cairo, label.position.x, label.position.y, 2.5, fill: palette.cityInk, alpha: 1, stroke: nil, width: 0)
            text.draw(label.name, at: (label.position.x + 6, label.position.y), size: 8.5, colour: palette.cityInk, halo: true)
        }
    }

    /// A favourite's star, at the top right of its marker.
    private func drawFavouriteStar(atMarker x: Double, _ y: Double, isSelected: Bool, text: TextPainter) {
        let offset = isSelected ? 8.0 : 5.0
        text.draw(Self.favouriteStar, at: (x + offset, y - offset), anchor: .centre, size: isSelected ? 12 : 10, bold: true,
                  colour: palette.favourite, halo: true)
    }

    static let favouriteStar = "★"

    private func drawLegend(_ legend: MapLegend, on cairo: OpaquePointer) {
        guard legend.isOpen, legend.rowCount > 0 else { return }
        let text = textPainter(on: cairo)
        let x = MapLegend.panelX + 14
        // As wide as the view-model estimated, or as the font draws the longest name.
        let drawn = legend.rowNames.map { text.width(of: $0, size: 9) }.max() ?? 0
        let width = max(legend.panelWidth, x + 12 + drawn + 10 - MapLegend.panelX)
        cairo_new_path(cairo)
        roundedRectangle(cairo, MapLegend.panelX, MapLegend.panelY, width, 14 + Double(legend.rowCount) * MapLegend.rowHeight, radius: 6)
        let panel = palette.panel
        cairo_set_source_rgba(cairo, panel.red, panel.green, panel.blue, palette.panelOpacity)
        cairo_fill(cairo)
        for (index, category) in legend.kinds.enumerated() {
            let y = MapLegend.panelY + 14 + Double(index) * MapLegend.rowHeight
            circle(cairo, x, y, 5, fill: category.colour, alpha: 1, stroke: palette.markerOutline, width: 1.5)
            text.draw(category.pluralName, at: (x + 12, y), size: 9, colour: palette.panelText)
        }
        var row = legend.kinds.count
        if legend.hasFavourites {
            let y = MapLegend.panelY + 14 + Double(row) * MapLegend.rowHeight
            text.draw(Self.favouriteStar, at: (x, y), anchor: .centre, size: 11, bold: true, colour: palette.favourite, halo: true)
            text.draw(tr("Favourites"), at: (x + 12, y), size: 9, colour: palette.panelText)
            row += 1
        }
        if legend.hasFileColours {
            let y = MapLegend.panelY + 14 + Double(row) * MapLegend.rowHeight
            drawManyColoursDot(cairo, x, y)
            text.draw(MapLegend.fileColoursName, at: (x + 12, y), size: 9, colour: palette.panelText)
        }
    }

    /// A legend dot in three wedges of colour: "any colour", for markers in their file's.
    private func drawManyColoursDot(_ cairo: OpaquePointer, _ x: Double, _ y: Double) {
        let wedges = [RGB(0.88, 0.11, 0.14), RGB(0.15, 0.64, 0.41), RGB(0.11, 0.44, 0.85)]
        for (index, colour) in wedges.enumerated() {
            let start = -Double.pi / 2 + Double(index) * 2 * Double.pi / 3
            cairo_new_path(cairo)
            cairo_move_to(cairo, x, y)
            cairo_arc(cairo, x, y, 5, start, start + 2 * Double.pi / 3)
            cairo_close_path(cairo)
            setColour(cairo, colour)
            cairo_fill(cairo)
        }
        cairo_new_path(cairo)
        cairo_arc(cairo, x, y, 5, 0, 2 * Double.pi)
        setColour(cairo, palette.markerOutline)
        cairo_set_line_width(cairo, 1.5)
        cairo_stroke(cairo)
    }

    /// The base map's sources, then those of the raster maps shown (which their licences ask for).
    private func drawAttribution(_ layers: [String], on cairo: OpaquePointer, width: Double, height: Double) {
        let base = width < 520 || !layers.isEmpty ? Self.shortAttribution : Self.attribution
        textPainter(on: cairo).draw(
            ([base] + layers).joined(separator: " · "), at: (width - 6, height - 10), anchor: .trailing, size: 8, colour: palette.panelText,
            background: (palette.panel, palette.panelOpacity * 0.9)
        )
    }

    private func textPainter(on cairo: OpaquePointer) -> TextPainter {
        TextPainter(cairo: cairo, halo: palette.halo, sprites: sprites, scale: baseMap.scale)
    }

    private func circle(_ cairo: OpaquePointer, _ x: Double, _ y: Double, _ radius: Double, fill: RGB, alpha: Double, stroke: RGB?, width: Double) {
        let sprite = sprites.disc(.init(radius: radius, fill: fill, alpha: alpha, stroke: stroke, width: width, scale: baseMap.scale))
        sprites.paint(sprite, at: (x - radius, y - radius), scale: baseMap.scale, on: cairo)
    }

    private func roundedRectangle(_ cairo: OpaquePointer, _ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    private func setColour(_ cairo: OpaquePointer, _ colour: RGB) {
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
    }
}
