import CGtk

/// A `GtkSeparator`: a thin line between groups of controls.
struct Separator: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>

    init(_ orientation: Box.Orientation) {
        widget = gtk_separator_new(orientation == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
    }
}
