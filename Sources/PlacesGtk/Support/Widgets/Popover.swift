import CGtk
import PlacesCore

/// A `GtkPopover` attached to a widget, pointing at a spot inside it (a context menu, say).
struct Popover: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var popover: UnsafeMutablePointer<GtkPopover> { widget.cast(gtk_popover_get_type()) }

    /// A popover showing `child`, attached to `parent` for as long as the parent lives (it is
    /// detached when the parent is destroyed, as GTK asks of a widget's non-container children).
    init(_ child: some Widget, on parent: some Widget) {
        self.init(child)
        gtk_popover_set_has_arrow(popover, 0)
        gtk_widget_set_parent(widget, parent.widget)
        parent.widget.connect(Signals.destroy) { [widget] in gtk_widget_unparent(widget) }
    }

    /// A popover showing `child`, for a `MenuButton` to open.
    init(_ child: some Widget) {
        widget = gtk_popover_new()
        gtk_popover_set_child(popover, child.widget)
    }

    /// Opens it at `point`, in the parent's coordinates.
    func popUp(at point: ScreenPoint) {
        var spot = GdkRectangle(x: Int32(point.x), y: Int32(point.y), width: 1, height: 1)
        gtk_popover_set_pointing_to(popover, &spot)
        gtk_popover_popup(popover)
    }

    func popDown() { gtk_popover_popdown(popover) }

    /// Runs `action` once it has closed (and given the keyboard focus back).
    func onClosed(_ action: @escaping @MainActor () -> Void) {
        widget.connect(Signals.closed, action)
    }
}
