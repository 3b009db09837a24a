import CGtk

/// A several-line text field (`GtkTextView`, wrapping at words). Setting `text` from code never runs
/// the `onEdit` handler.
struct TextView: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(widget.cast(gtk_text_view_get_type())) }

    /// `name` is what screen readers announce.
    init(name: String) {
        widget = gtk_text_view_new()
        let view: UnsafeMutablePointer<GtkTextView> = widget.cast(gtk_text_view_get_type())
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(view, 0)  // Tab moves on to the next field
        gtk_text_view_set_left_margin(view, 8)
        gtk_text_view_set_right_margin(view, 8)
        gtk_text_view_set_top_margin(view, 6)
        gtk_text_view_set_bottom_margin(view, 6)
        setAccessibleLabel(name)
    }

    var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
            defer { g_free(chars) }
            return String(cString: chars)
        }
        nonmutating set {
            guard newValue != text else { return }
            UserEdits.whileSuppressed(on: buffer) { gtk_text_buffer_set_text(buffer, newValue, -1) }
        }
    }

    /// Runs `action` with the new text after each edit by the person.
    func onEdit(_ action: @escaping @MainActor (String) -> Void) {
        UserEdits.connect(Signals.changed, on: buffer) { [widget] in action(TextView(adopting: widget).text) }
    }

    private init(adopting widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
}
