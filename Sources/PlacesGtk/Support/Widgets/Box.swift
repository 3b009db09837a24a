import CGtk

/// A `GtkBox`: children in a row or a column.
struct Box: Widget {
    enum Orientation {
        case horizontal, vertical
    }

    let widget: UnsafeMutablePointer<GtkWidget>

    init(_ orientation: Orientation, spacing: Int32 = 0, _ children: [any Widget] = [], classes: [String] = []) {
        widget = gtk_box_new(orientation == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)
        for child in children { gtk_box_append(widget.cast(gtk_box_get_type()), child.widget) }
        addClasses(classes)
    }

    func append(_ child: some Widget) { gtk_box_append(widget.cast(gtk_box_get_type()), child.widget) }

    func prepend(_ child: some Widget) { gtk_box_prepend(widget.cast(gtk_box_get_type()), child.widget) }

    func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(widget.cast(gtk_box_get_type()), child) }
    }
}
