import CGtk

/// A Cairo image surface made on one thread and drawn on another. Nothing changes it once it is made,
/// and Cairo surfaces are safe to use from one thread at a time: hence `@unchecked Sendable`.
public final class CairoImage: @unchecked Sendable {
    public let surface: OpaquePointer

    /// A transparent square `size` units wide at `scale` device pixels a unit, on which `draw` draws
    /// in units; `opaque` when `draw` covers every pixel: painting it is then a copy, not a blend.
    convenience init(size: Int, scale: Int, opaque: Bool = false, draw: (OpaquePointer) -> Void) {
        self.init(width: size, height: size, scale: scale, opaque: opaque, draw: draw)
    }

    /// A transparent (or `opaque`) rectangle of `width` × `height` units at `scale` device pixels a unit.
    init(width: Int, height: Int, scale: Int, opaque: Bool = false, draw: (OpaquePointer) -> Void) {
        surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(max(1, width * scale)), Int32(max(1, height * scale)))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cairo = cairo_create(surface)!
        draw(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// The memory its pixels take.
    public var byteCount: Int { Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface)) }
}
