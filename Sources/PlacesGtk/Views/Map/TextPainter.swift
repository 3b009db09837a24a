import CGtk
import PlacesCore

/// Draws plain text on a Cairo context with Pango (never markup, so names from data draw literally).
@MainActor
struct TextPainter {
    let cairo: OpaquePointer
    /// The outline drawn around names over the map.
    let halo: RGB

    /// Which point of the text a position refers to (the text is always centred vertically).
    enum Anchor {
        case leading, centre, trailing
    }

    /// Draws `text` at `point`: starting there, centred on it, or ending there; with an optional halo
    /// (for names over the map) or a translucent background of a colour and opacity (for the attribution).
    func draw(
        _ text: String, at point: (Double, Double), anchor: Anchor = .leading, size: Double, bold: Bool = false,
        colour: RGB, halo: Bool = false, background: (colour: RGB, opacity: Double)? = nil
    ) {
        withLayout(text, size: size, bold: bold) { layout, width, height in
            let x = switch anchor {
            case .leading: point.0
            case .centre: point.0 - width / 2
            case .trailing: point.0 - width
            }
            let y = point.1 - height / 2
            if let background {
                cairo_new_path(cairo)
                cairo_rectangle(cairo, x - 4, y - 2, width + 8, height + 4)
                cairo_set_source_rgba(cairo, background.colour.red, background.colour.green, background.colour.blue, background.opacity)
                cairo_fill(cairo)
            }
            if halo {
                cairo_move_to(cairo, x, y)
                pango_cairo_layout_path(cairo, layout)
                cairo_set_source_rgba(cairo, self.halo.red, self.halo.green, self.halo.blue, 0.9)
                cairo_set_line_width(cairo, 3)
                cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cairo)
            }
            cairo_move_to(cairo, x, y)
            fill(layout, colour)
        }
    }

    private func fill(_ layout: OpaquePointer, _ colour: RGB) {
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
        pango_cairo_show_layout(cairo, layout)
        cairo_new_path(cairo)  // pango leaves a current point; start the next shape cleanly
    }

    private func withLayout(_ text: String, size: Double, bold: Bool, _ body: (OpaquePointer, Double, Double) -> Void) {
        guard let layout = pango_cairo_create_layout(cairo) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, "Sans")
        pango_font_description_set_absolute_size(font, size * 1.333 * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        body(layout, Double(width), Double(height))
    }
}
