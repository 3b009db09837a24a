import CGtk
import PlacesCore

/// Draws plain text on a Cairo context with Pango (never markup, so names from data draw literally),
/// through `MapSprites`: each text is laid out once and copied after, at a whole device pixel.
@MainActor
struct TextPainter {
    let cairo: OpaquePointer
    /// The outline drawn around names over the map.
    let halo: RGB
    let sprites: MapSprites
    /// Device pixels per unit.
    let scale: Int

    /// Which point of the text a position refers to (the text is always centred vertically).
    enum Anchor {
        case leading, centre, trailing
    }

    /// Draws the digits of `number` centred on `point`, as glyphs in one call (`DigitGlyphs`), or
    /// where Pango shapes the digits otherwise, each a sprite of its own: cluster counts change with
    /// every portion of a file being read, and a sprite per count would be drawn anew each time.
    /// Digits have one width in the fonts the map uses (tabular figures).
    func drawNumber(_ number: Int, centredOn point: (Double, Double), size: Double, bold: Bool, colour: RGB) {
        let look = MapSprites.Look(size: size, bold: bold, colour: colour, halo: nil, background: nil, backgroundOpacity: 0, scale: scale)
        if let glyphs = sprites.digits(look) {
            return glyphs.show(number, centredOn: point, colour: colour, scale: scale, on: cairo)
        }
        let glyphs = String(number).map { sprites.text(String($0), look) }
        let width = glyphs.reduce(0) { $0 + $1.width }
        var x = point.0 - width / 2
        for glyph in glyphs {
            sprites.paint(glyph, at: (x, point.1 - glyph.height / 2), scale: scale, on: cairo)
            x += glyph.width
        }
    }

    /// How wide `text` is drawn at `size`, in canvas pixels.
    func width(of text: String, size: Double, bold: Bool = false) -> Double {
        sprites.text(text, MapSprites.Look(size: size, bold: bold, colour: RGB(0, 0, 0), halo: nil, background: nil, backgroundOpacity: 0, scale: scale)).width
    }

    /// Draws `text` at `point`: starting there, centred on it, or ending there; with an optional halo
    /// (for names over the map) or a translucent background of a colour and opacity (for the attribution).
    func draw(
        _ text: String, at point: (Double, Double), anchor: Anchor = .leading, size: Double, bold: Bool = false,
        colour: RGB, halo: Bool = false, background: (colour: RGB, opacity: Double)? = nil
    ) {
        let look = MapSprites.Look(size: size, bold: bold, colour: colour, halo: halo ? self.halo : nil,
                                    background: background?.colour, backgroundOpacity: background?.opacity ?? 0, scale: scale)
        let sprite = sprites.text(text, look)
        let x = switch anchor {
        case .leading: point.0
        case .centre: point.0 - sprite.width / 2
        case .trailing: point.0 - sprite.width
        }
        let y = point.1 - sprite.height / 2
        sprites.paint(sprite, at: (x, y), scale: scale, on: cairo)
    }

    /// Draws `text` centred on `point`, turned by `angle` radians (a street's name along it).
    func draw(_ text: String, centredOn point: (Double, Double), angle: Double, size: Double, colour: RGB) {
        let look = MapSprites.Look(size: size, bold: false, colour: colour, halo: halo, background: nil, backgroundOpacity: 0, scale: scale)
        let sprite = sprites.text(text, look)
        cairo_save(cairo)
        cairo_translate(cairo, point.0, point.1)
        cairo_rotate(cairo, angle)
        sprites.paint(sprite, at: (-sprite.width / 2, -sprite.height / 2), scale: scale, on: cairo)
        cairo_restore(cairo)
    }
}
