import CGtk
import PlacesCore
@testable import PlacesGtk
import Testing

/// What the map draws over and over is drawn once and copied; a cluster is drawn whole once its count
/// holds. Cairo and Pango need no display, so these run headless.
@Suite("Map sprites")
@MainActor
struct MapSpritesTests {
    let disc = MapSprites.Disc(radius: 14, fill: RGB(0.29, 0.56, 0.89), alpha: 0.85, stroke: RGB(1, 1, 1), width: 2, scale: 1)
    let digits = MapSprites.Look(size: 9, bold: true, colour: RGB(1, 1, 1), halo: nil, background: nil, backgroundOpacity: 0, scale: 1)

    @Test("a cluster is drawn whole from the second frame running with its count on, and kept; a count that changes every frame never is")
    func wholeOnceTheCountHolds() {
        let sprites = MapSprites()
        sprites.beginFrame()
        #expect(sprites.cluster(disc, count: 42, digits: digits) == nil, "a count first drawn is drawn in pieces")
        sprites.beginFrame()
        let whole = sprites.cluster(disc, count: 42, digits: digits)
        #expect(whole != nil)
        #expect(whole?.width == 28 && whole?.margin == 2, "the disc's box and outline")
        sprites.beginFrame()
        sprites.beginFrame()
        #expect(sprites.cluster(disc, count: 42, digits: digits)?.image === whole?.image, "kept, not drawn again")
        for count in 100..<110 {
            sprites.beginFrame()
            #expect(sprites.cluster(disc, count: count, digits: digits) == nil)
        }
        sprites.beginFrame()  // a frame without 109
        sprites.beginFrame()
        #expect(sprites.cluster(disc, count: 109, digits: digits) == nil, "a count missing from the frame before starts over")
        sprites.beginFrame()
        #expect(sprites.cluster(disc, count: 109, digits: digits) != nil)
    }

    @Test("a cluster drawn whole looks as its disc and digits copied one by one do")
    func wholeLooksLikeThePieces() throws {
        let sprites = MapSprites()
        sprites.beginFrame()
        _ = sprites.cluster(disc, count: 1_234, digits: digits)
        sprites.beginFrame()
        let whole = try #require(sprites.cluster(disc, count: 1_234, digits: digits))
        let centre = (30.0, 30.0)
        let inPieces = CairoImage(width: 60, height: 60, scale: 1) { cairo in
            Self.background(cairo)
            sprites.paint(sprites.disc(disc), at: (centre.0 - disc.radius, centre.1 - disc.radius), scale: 1, on: cairo)
            TextPainter(cairo: cairo, halo: RGB(1, 1, 1), sprites: sprites, scale: 1)
                .drawNumber(1_234, centredOn: centre, size: digits.size, bold: true, colour: digits.colour)
        }
        let inOne = CairoImage(width: 60, height: 60, scale: 1) { cairo in
            Self.background(cairo)
            sprites.paint(whole, at: (centre.0 - disc.radius, centre.1 - disc.radius), scale: 1, on: cairo)
        }
        let (a, b) = (Self.pixels(inPieces), Self.pixels(inOne))
        #expect(a.count == b.count)
        // Copying the digits onto the disc before the map rather than after rounds each channel
        // once more: at most a step or two apart.
        let largest = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2)
        #expect(a.contains { $0 != a[0] }, "something was drawn")
    }

    @Test("a count's digits drawn as glyphs in one call look as the digits' own sprites copied one by one did", arguments: [1, 2])
    func digitsAsGlyphsLookLikeTheirSprites(scale: Int) throws {
        let sprites = MapSprites()
        var look = digits
        look.scale = scale
        _ = try #require(sprites.digits(look), "the map's font gives the digits as ten glyphs")
        let centre = (60.5, 15.25)
        let asGlyphs = CairoImage(width: 120, height: 30, scale: scale) { cairo in
            Self.background(cairo)
            TextPainter(cairo: cairo, halo: RGB(1, 1, 1), sprites: sprites, scale: scale)
                .drawNumber(1_234_567_890, centredOn: centre, size: look.size, bold: look.bold, colour: look.colour)
        }
        let asSprites = CairoImage(width: 120, height: 30, scale: scale) { cairo in
            Self.background(cairo)
            let pieces = "1234567890".map { sprites.text(String($0), look) }
            var x = centre.0 - pieces.reduce(0) { $0 + $1.width } / 2
            for piece in pieces {
                sprites.paint(piece, at: (x, centre.1 - piece.height / 2), scale: scale, on: cairo)
                x += piece.width
            }
        }
        let (a, b) = (Self.pixels(asGlyphs), Self.pixels(asSprites))
        #expect(a.count == b.count)
        #expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "the same digits at the same places")
        #expect(a.contains { $0 != a[0] }, "something was drawn")
    }

    private static func background(_ cairo: OpaquePointer) {
        cairo_set_source_rgb(cairo, 0.66, 0.83, 0.93)
        cairo_paint(cairo)
    }

    private static func pixels(_ image: CairoImage) -> [UInt8] {
        cairo_surface_flush(image.surface)
        let stride = Int(cairo_image_surface_get_stride(image.surface)), height = Int(cairo_image_surface_get_height(image.surface))
        guard let data = cairo_image_surface_get_data(image.surface) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: stride * height))
    }
}
