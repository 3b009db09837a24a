import CGtk
import PlacesCore

/// A vector map's names drawn once into a surface of the canvas's size and copied from it frame
/// after frame: while the map is dragged its names only move (`StreetLabels` places them anew at
/// rest), and one copy of the surface, moved, costs less than drawing each of a hundred names and
/// dots again.
@MainActor
final class StreetLabelLayer {
    private var surface: OpaquePointer?
    private var size = (width: 0, height: 0, scale: 0)
    /// The labels drawn in the surface, and the palette they were drawn in.
    private var drawn: [MapStreetLabel] = []
    private var palette: MapPalette?

    deinit {
        MainActor.assumeIsolated { if let surface { cairo_surface_destroy(surface) } }
    }

    /// Paints `labels` on `cairo` (a canvas `width` × `height` at `scale`), drawing them with `draw`
    /// only when they are not the last ones drawn, moved by whole pixels.
    func paint(_ labels: [MapStreetLabel], width: Int, height: Int, scale: Int, palette: MapPalette, on cairo: OpaquePointer,
               draw: (OpaquePointer) -> Void) {
        guard !labels.isEmpty else { return }
        let offset = shift(from: drawn, to: labels)
        if let offset, let surface, self.palette == palette, size == (width, height, scale) {
            return copy(surface, at: offset, on: cairo)
        }
        if surface == nil || size != (width, height, scale) {
            if let surface { cairo_surface_destroy(surface) }
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(1, width * scale)), Int32(max(1, height * scale)))
            cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
            size = (width, height, scale)
        }
        guard let surface else { return }
        let layer = cairo_create(surface)!
        cairo_set_operator(layer, CAIRO_OPERATOR_CLEAR)
        cairo_paint(layer)
        cairo_set_operator(layer, CAIRO_OPERATOR_OVER)
        draw(layer)
        cairo_destroy(layer)
        cairo_surface_flush(surface)
        cairo_surface_mark_dirty(surface)
        drawn = labels
        self.palette = palette
        copy(surface, at: (0, 0), on: cairo)
    }

    private func copy(_ surface: OpaquePointer, at offset: (x: Double, y: Double), on cairo: OpaquePointer) {
        cairo_set_source_surface(cairo, surface, offset.x, offset.y)
        cairo_paint(cairo)
    }

    /// The whole-pixel move that takes every label drawn to where `labels` has it; nil when they are
    /// other labels, or moved apart.
    private func shift(from drawn: [MapStreetLabel], to labels: [MapStreetLabel]) -> (x: Double, y: Double)? {
        guard drawn.count == labels.count, let first = labels.first, let was = drawn.first else { return nil }
        let dx = first.position.x - was.position.x, dy = first.position.y - was.position.y
        // Within a hundredth of a pixel: a pan's moves, worked out in world units, come back a hair off.
        let close = { (a: Double, b: Double) in abs(a - b) < 0.01 }
        guard close(dx, dx.rounded()), close(dy, dy.rounded()) else { return nil }
        for (label, old) in zip(labels, drawn) {
            guard label.feature === old.feature, label.kind == old.kind, label.text == old.text,
                  close(label.position.x - old.position.x, dx), close(label.position.y - old.position.y, dy) else { return nil }
        }
        return (dx.rounded(), dy.rounded())
    }
}
