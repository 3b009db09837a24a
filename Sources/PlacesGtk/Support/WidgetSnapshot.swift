import CGtk
import PlacesCore

/// Renders a realized widget to a PNG in-process, with the renderer of its window (works under Xvfb).
@MainActor
enum WidgetSnapshot {
    /// Why a snapshot could not be written.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `widget` as it looks now to `path`.
    static func savePNG(_ widget: some Widget, to path: String) throws(Failure) {
        let width = gtk_widget_get_width(widget.widget), height = gtk_widget_get_height(widget.widget)
        guard width > 0, height > 0 else { throw Failure(description: tr("the window has no size yet")) }
        guard let native = gtk_widget_get_native(widget.widget), let renderer = gtk_native_get_renderer(native) else {
            throw Failure(description: tr("the window is not on screen"))
        }
        let paintable = gtk_widget_paintable_new(widget.widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, OpaquePointer(UnsafeMutableRawPointer(snapshot)), Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw Failure(description: tr("nothing was drawn")) }
        defer { gsk_render_node_unref(node) }
        guard let texture = gsk_renderer_render_texture(renderer, node, nil) else {
            throw Failure(description: tr("the window could not be drawn into a picture"))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else { throw Failure(description: tr("the file cannot be created there (a missing folder, or no permission)")) }
    }
}
