import CGtk
import PlacesCore

/// The digits 0 to 9 as glyphs of the font Pango lays them out in, so that a number is drawn in one
/// `cairo_show_glyphs` call. While a file is read, every cluster's count changes with each portion,
/// and copying a sprite for each digit took most of a painted frame's marker drawing (0.8 ms a frame
/// at world zoom as a million places came in; the same frames without the digits were as fast as a
/// drag over the bundled places). Placed as the digits' sprites were: the line's box centred, on
/// whole device pixels.
final class DigitGlyphs {
    /// The `cairo_scaled_font_t` the glyphs are of, referenced.
    private let font: OpaquePointer
    private let glyphs: [UInt]
    /// Each digit's advance and its glyph's offset from the pen, in units.
    private let advances: [Double], offsets: [(x: Double, y: Double)]
    /// The line's height, and its baseline from its top, in units.
    private let height: Double, baseline: Double

    /// The digits laid out by `layout` ("0123456789"); nil unless Pango shaped them as ten glyphs
    /// of one font (then the caller draws each digit's sprite).
    init?(layout: OpaquePointer) {
        guard let line = pango_layout_get_line_readonly(layout, 0), let runs = line.pointee.runs, runs.pointee.next == nil,
              let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
              let pangoFont = run.pointee.item.pointee.analysis.font, let shaped = run.pointee.glyphs,
              shaped.pointee.num_glyphs == 10,
              let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(pangoFont)),
              cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS
        else { return nil }
        let infos = UnsafeBufferPointer(start: shaped.pointee.glyphs, count: 10)
        // A glyph the font lacks is drawn as a box with its code: not what the sprites show.
        guard infos.allSatisfy({ $0.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0 && $0.glyph != PANGO_GLYPH_EMPTY }) else { return nil }
        let unit = Double(PANGO_SCALE)
        glyphs = infos.map { UInt($0.glyph) }
        advances = infos.map { Double($0.geometry.width) / unit }
        offsets = infos.map { (Double($0.geometry.x_offset) / unit, Double($0.geometry.y_offset) / unit) }
        var width: Int32 = 0, lineHeight: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &lineHeight)
        height = Double(lineHeight)
        baseline = Double(pango_layout_get_baseline(layout)) / unit
        font = cairo_scaled_font_reference(scaled)
    }

    deinit { cairo_scaled_font_destroy(font) }

    /// Draws `number` (not negative) centred on `point` in `colour`; `scale` is device pixels per unit.
    func show(_ number: Int, centredOn point: (Double, Double), colour: RGB, scale: Int, on cairo: OpaquePointer) {
        var digits: [Int] = []
        var rest = max(0, number)
        repeat {
            digits.append(rest % 10)
            rest /= 10
        } while rest > 0
        digits.reverse()
        let device = Double(scale)
        var x = ((point.0 - digits.reduce(0) { $0 + advances[$1] } / 2) * device).rounded() / device
        let y = ((point.1 - height / 2) * device).rounded() / device + baseline
        let run = digits.map { digit in
            defer { x += advances[digit] }
            return cairo_glyph_t(index: glyphs[digit], x: x + offsets[digit].x, y: y + offsets[digit].y)
        }
        cairo_set_scaled_font(cairo, font)
        cairo_set_source_rgb(cairo, colour.red, colour.green, colour.blue)
        cairo_show_glyphs(cairo, run, Int32(run.count))
    }
}
