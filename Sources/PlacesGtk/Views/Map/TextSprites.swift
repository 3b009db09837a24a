import CGtk
import PlacesCore

/// Texts the map draws, each laid out with Pango and drawn (halo or background included) once into
/// an image, then copied wherever it is drawn again: a frame of the map draws a hundred cluster counts
/// and names, and laying out and outlining each anew took more of the frame than anything else.
/// Keeps the 1,024 texts drawn most recently.
@MainActor
final class TextSprites {
    struct Look: Hashable {
        var size: Double
        var bold: Bool
        var colour: RGB
        /// The outline's colour, nil for none.
        var halo: RGB?
        var background: RGB?
        var backgroundOpacity: Double
        /// Device pixels per unit.
        var scale: Int
    }

    /// A text drawn: its image, and the text's own box inside it (units).
    struct Sprite {
        let image: CairoImage
        let width: Double
        let height: Double
        /// Room around the text for its halo or background.
        let margin: Double
    }

    private struct Key: Hashable {
        var text: String
        var look: Look
    }

    private var sprites: [Key: (sprite: Sprite, lastUse: Int)] = [:]
    private var uses = 0
    private static let limit = 1_024

    func sprite(_ text: String, _ look: Look) -> Sprite {
        uses += 1
        let key = Key(text: text, look: look)
        if let found = sprites[key] {
            sprites[key] = (found.sprite, uses)
            return found.sprite
        }
        let sprite = Self.draw(text, look)
        if sprites.count >= Self.limit {
            // Drops the older half at once: one sweep now and then, not one per new text.
            let cut = sprites.values.map(\.lastUse).sorted()[Self.limit / 2]
            sprites = sprites.filter { $0.value.lastUse >= cut }
        }
        sprites[key] = (sprite, uses)
        return sprite
    }

    private static func draw(_ text: String, _ look: Look) -> Sprite {
        let margin = look.background != nil ? 4.0 : look.halo != nil ? 2.0 : 0
        // Pango lays out for a Cairo context: a one-pixel one serves for measuring.
        let scratch = CairoImage(width: 1, height: 1, scale: look.scale) { _ in }
        let measuring = cairo_create(scratch.surface)!
        defer { cairo_destroy(measuring) }
        let layout = Self.layout(text, look, on: measuring)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let image = CairoImage(width: Int(width) + Int(2 * margin), height: Int(height) + Int(2 * margin), scale: look.scale) { cairo in
            pango_cairo_update_layout(cairo, layout)
            if let background = look.background {
                cairo_rectangle(cairo, 0, 0, Double(width) + 2 * margin, Double(height) + 2 * margin)
                cairo_set_source_rgba(cairo, background.red, background.green, background.blue, look.backgroundOpacity)
                cairo_fill(cairo)
            }
            if let halo = look.halo {
                cairo_move_to(cairo, margin, margin)
                pango_cairo_layout_path(cairo, layout)
                cairo_set_source_rgba(cairo, halo.red, halo.green, halo.blue, 0.9)
                cairo_set_line_width(cairo, 3)
                cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cairo)
            }
            cairo_move_to(cairo, margin, margin)
            cairo_set_source_rgb(cairo, look.colour.red, look.colour.green, look.colour.blue)
            pango_cairo_show_layout(cairo, layout)
        }
        return Sprite(image: image, width: Double(width), height: Double(height), margin: margin)
    }

    private static func layout(_ text: String, _ look: Look, on cairo: OpaquePointer) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cairo)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, "Sans")
        pango_font_description_set_absolute_size(font, look.size * 1.333 * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, look.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        return layout
    }
}
