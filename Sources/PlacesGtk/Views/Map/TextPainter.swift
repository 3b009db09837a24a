import CGtk
import PlacesCore

/// Draws plain text on a Cairo context with Pango (never markup, so names from data draw literally),
/// through `TextSprites`: each text is laid out once and copied after, at a whole device pixel.
@MainActor
struct TextPainter {
    let cairo: OpaquePointer
    /// The outline drawn around names over the map.
    let halo: RGB
    let sprites: TextSprites
    /// Device pixels per unit.
    let scale: Int

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
        let look = TextSprites.Look(size: size, bold: bold, colour: colour, halo: halo ? self.halo : nil,
                                    background: background?.colour, backgroundOpacity: background?.opacity ?? 0, scale: scale)
        let sprite = sprites.sprite(text, look)
        let x = switch anchor {
        case .leading: point.0
        case .centre: point.0 - sprite.width / 2
        case .trailing: point.0 - sprite.width
        }
        let y = point.1 - sprite.height / 2
        let device = Double(scale)
        let left = ((x - sprite.margin) * device).rounded() / device, top = ((y - sprite.margin) * device).rounded() / device
        cairo_set_source_surface(cairo, sprite.image.surface, left, top)
        cairo_new_path(cairo)
        cairo_rectangle(cairo, left, top, sprite.width + 2 * sprite.margin, sprite.height + 2 * sprite.margin)
        cairo_fill(cairo)
    }
}
