import CGtk

/// A `GtkProgressBar` showing a fraction done, with its percentage written on it.
struct ProgressBar: Widget {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_progress_bar_new()

    init(width: Int32) {
        gtk_progress_bar_set_show_text(bar, 1)
        gtk_widget_set_size_request(widget, width, -1)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    }

    /// From 0 to 1.
    var fraction: Double {
        get { gtk_progress_bar_get_fraction(bar) }
        nonmutating set { gtk_progress_bar_set_fraction(bar, newValue) }
    }

    private var bar: OpaquePointer { widget.cast(gtk_progress_bar_get_type()) }
}
