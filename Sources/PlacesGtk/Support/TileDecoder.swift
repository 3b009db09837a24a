import CGtk
import PlacesCore

/// Decodes a map tile (PNG or JPEG) into a Cairo image with gdk-pixbuf, off the main thread: a
/// pixbuf loader and Cairo image surfaces touch no display, and each call has its own. A tile whose
/// header claims more than `TileImageSize.largest` pixels a side is refused before decoding.
enum TileDecoder {
    static func decode(_ bytes: [UInt8]) -> Result<CairoImage, TileFailure> {
        if let problem = TileImageSize.problem(bytes) { return .failure(TileFailure(reason: problem)) }
        guard let loader = gdk_pixbuf_loader_new() else { return .failure(TileFailure(reason: tr("a tile could not be decoded"))) }
        defer { g_object_unref(loader) }
        var error: UnsafeMutablePointer<GError>?
        let written = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        // A loader is closed in any case; its error matters only when writing went well.
        let closed = written != 0 ? gdk_pixbuf_loader_close(loader, &error) : gdk_pixbuf_loader_close(loader, nil)
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? ""
            if let error { g_error_free(error) }
            return .failure(TileFailure(reason: tr("a tile could not be decoded ({reason})", ["reason": reason])))
        }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        // A 512-pixel tile keeps its detail at twice the device scale; other sizes are scaled to 256.
        let tile = Int(WebMercator.tileSize)
        let scale = width == height && width % tile == 0 ? width / tile : 1
        return .success(CairoImage(size: tile, scale: scale) { cairo in
            cairo_scale(cairo, WebMercator.tileSize / Double(width), WebMercator.tileSize / Double(height))
            gdk_cairo_set_source_pixbuf(cairo, pixbuf, 0, 0)
            cairo_paint(cairo)
        })
    }
}
