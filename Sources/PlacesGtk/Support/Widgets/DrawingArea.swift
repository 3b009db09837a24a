import CGtk

/// A `GtkDrawingArea` drawn with Cairo by a Swift closure.
struct DrawingArea: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var area: UnsafeMutablePointer<GtkDrawingArea> { UnsafeMutablePointer(gpointer: widget.gpointer) }

    init() { widget = gtk_drawing_area_new() }

    /// Draws with `draw(cairo, width, height)` whenever GTK asks.
    func onDraw(_ draw: @escaping @MainActor (OpaquePointer, Double, Double) -> Void) {
        WidgetCallbacks.setDrawFunction(area) { cairo, width, height in draw(cairo, Double(width), Double(height)) }
    }

    /// Runs `action` with the new width and height whenever the area's size changes.
    func onResize(_ action: @escaping @MainActor (Double, Double) -> Void) {
        widget.connect(Signals.resize) { width, height in action(Double(width), Double(height)) }
    }

    /// Calls `tick(frameTimeSeconds)` before every frame until it returns false.
    func addTickCallback(_ tick: @escaping @MainActor (Double) -> Bool) {
        WidgetCallbacks.addTickCallback(widget, tick)
    }

    /// The scale of the device pixels under the area (2 on a HiDPI screen).
    var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
}
