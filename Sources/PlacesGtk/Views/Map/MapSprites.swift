import CGtk
import PlacesCore

/// What the map draws over and over, drawn once into an image and copied wherever it is drawn again:
/// texts (laid out with Pango, halo or background included) and the discs of markers. A frame of
/// the map draws a hundred or more cluster discs and counts, and tracing and filling each anew took
/// most of the frame's drawing. Keeps the 1,024 drawings used most recently.
@MainActor
final class MapSprites {
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

    /// A disc: filled, and outlined when `stroke` is given.
    struct Disc: Hashable {
        var radius: Double
        var fill: RGB
        var alpha: Double
        var stroke: RGB?
        var width: Double
        var scale: Int
    }

    /// A drawing: its image, and the drawing's own box inside it (units).
    struct Sprite {
        let image: CairoImage
        let width: Double
        let height: Double
        /// Room around the box (a text's halo or background, a disc's outline).
        let margin: Double
    }

    private enum Key: Hashable {
        case text(String, Look)
        case disc(Disc)
        case cluster(Disc, count: Int, digits: Look)
    }

    private var sprites: [Key: (sprite: Sprite, lastUse: Int)] = [:]
    /// By look, colour aside; nil where the digits are sprites.
    private var digitGlyphs: [Look: DigitGlyphs?] = [:]
    private var uses = 0
    private static let limit = 1_024
    /// The clusters asked for whole and not kept, in this frame and the one before.
    private var clustersAsked: (thisFrame: Set<Key>, lastFrame: Set<Key>) = ([], [])

    /// Starts a frame: a cluster asked for whole in the last one as well is now drawn whole.
    func beginFrame() {
        clustersAsked = ([], clustersAsked.thisFrame)
    }

    /// A cluster drawn whole, its count's digits on its disc, when the same count was asked for in
    /// the frame before as well (nil otherwise: the caller copies the disc and draws the digits, as
    /// `TextPainter.drawNumber` does). A map dragged over many clusters then copies one image a
    /// cluster instead of the disc and a run of glyphs; while a file is read, counts change
    /// every frame, and no drawing is made for a count that does not last.
    func cluster(_ disc: Disc, count: Int, digits look: Look) -> Sprite? {
        let key = Key.cluster(disc, count: count, digits: look)
        if let found = kept(key) { return found }
        clustersAsked.thisFrame.insert(key)
        guard clustersAsked.lastFrame.contains(key) else { return nil }
        return sprite(key) {
            let base = self.disc(disc)
            let side = base.width + 2 * base.margin
            let image = CairoImage(width: Int(side.rounded(.up)), height: Int(side.rounded(.up)), scale: disc.scale) { cairo in
                cairo_set_source_surface(cairo, base.image.surface, 0, 0)
                cairo_paint(cairo)
                TextPainter(cairo: cairo, halo: look.halo ?? look.colour, sprites: self, scale: look.scale)
                    .drawNumber(count, centredOn: (side / 2, side / 2), size: look.size, bold: look.bold, colour: look.colour)
            }
            return Sprite(image: image, width: base.width, height: base.height, margin: base.margin)
        }
    }

    /// The digits of `look` (its colour aside) as glyphs, for numbers drawn in one call; nil when
    /// Pango shapes them otherwise (then each digit is a sprite).
    func digits(_ look: Look) -> DigitGlyphs? {
        var key = look
        key.colour = RGB(0, 0, 0)
        if let found = digitGlyphs[key] { return found }
        let glyphs = Self.withLayout("0123456789", look) { DigitGlyphs(layout: $0) }
        digitGlyphs[key] = .some(glyphs)
        return glyphs
    }

    func text(_ text: String, _ look: Look) -> Sprite {
        sprite(.text(text, look)) { Self.draw(text, look) }
    }

    /// The disc, its box the circle's and its margin half the outline.
    func disc(_ disc: Disc) -> Sprite {
        sprite(.disc(disc)) {
            let margin = (disc.stroke == nil ? 0 : disc.width / 2) + 1
            let side = 2 * (disc.radius + margin)
            let image = CairoImage(width: Int(side.rounded(.up)), height: Int(side.rounded(.up)), scale: disc.scale) { cairo in
                cairo_arc(cairo, side / 2, side / 2, disc.radius, 0, 2 * Double.pi)
                cairo_set_source_rgba(cairo, disc.fill.red, disc.fill.green, disc.fill.blue, disc.alpha)
                guard let stroke = disc.stroke else { return cairo_fill(cairo) }
                cairo_fill_preserve(cairo)
                cairo_set_source_rgb(cairo, stroke.red, stroke.green, stroke.blue)
                cairo_set_line_width(cairo, disc.width)
                cairo_stroke(cairo)
            }
            return Sprite(image: image, width: 2 * disc.radius, height: 2 * disc.radius, margin: margin)
        }
    }

    /// The drawing kept for `key`, counted as used now.
    private func kept(_ key: Key) -> Sprite? {
        // One hashing of the key: a frame over a million places asks for 145 clusters.
        guard let found = sprites.index(forKey: key) else { return nil }
        uses += 1
        sprites.values[found].lastUse = uses
        return sprites.values[found].sprite
    }

    private func sprite(_ key: Key, draw: () -> Sprite) -> Sprite {
        if let found = kept(key) { return found }
        uses += 1
        let stamp = uses
        let sprite = draw()
        if sprites.count >= Self.limit {
            // Drops the older half at once: one sweep now and then, not one per new text.
            let cut = sprites.values.map(\.lastUse).sorted()[Self.limit / 2]
            sprites = sprites.filter { $0.value.lastUse >= cut }
        }
        sprites[key] = (sprite, stamp)
        return sprite
    }

    /// Copies `sprite` with its box's top left corner at `corner`, on a whole device pixel.
    func paint(_ sprite: Sprite, at corner: (Double, Double), scale: Int, on cairo: OpaquePointer) {
        let device = Double(scale)
        let left = ((corner.0 - sprite.margin) * device).rounded() / device, top = ((corner.1 - sprite.margin) * device).rounded() / device
        cairo_set_source_surface(cairo, sprite.image.surface, left, top)
        cairo_new_path(cairo)
        cairo_rectangle(cairo, left, top, sprite.width + 2 * sprite.margin, sprite.height + 2 * sprite.margin)
        cairo_fill(cairo)
    }

    private static func draw(_ text: String, _ look: Look) -> Sprite {
        let margin = look.background != nil ? 4.0 : look.halo != nil ? 2.0 : 0
        return withLayout(text, look) { layout in sprite(of: layout, look, margin: margin) }
    }

    /// `body`'s answer for `text` laid out in `look`. Pango lays out for a Cairo context: a one-pixel
    /// one serves for measuring.
    private static func withLayout<Result>(_ text: String, _ look: Look, _ body: (OpaquePointer) -> Result) -> Result {
        let scratch = CairoImage(width: 1, height: 1, scale: look.scale) { _ in }
        let measuring = cairo_create(scratch.surface)!
        defer { cairo_destroy(measuring) }
        let layout = Self.layout(text, look, on: measuring)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return body(layout)
    }

    /// `layout` drawn into an image of its own, `look`'s background or halo within `margin` around it.
    private static func sprite(of layout: OpaquePointer, _ look: Look, margin: Double) -> Sprite {
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
