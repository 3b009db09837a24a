import CGtk

/// A `GtkLabel`. Text is always plain text (never markup), so names from data show literally.
struct Label: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var label: OpaquePointer { OpaquePointer(widget) }

    init(_ text: String = "", classes: [String] = [], xalign: Float = 0) {
        widget = gtk_label_new(text)
        gtk_label_set_xalign(label, xalign)
        addClasses(classes)
    }

    var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        nonmutating set { gtk_label_set_text(label, newValue) }
    }

    /// Shows `text`, or hides the label when it is nil.
    func show(_ text: String?) {
        self.text = text ?? ""
        isVisible = text != nil
    }

    var usesMarkup: Bool { gtk_label_get_use_markup(label) != 0 }

    /// Long text ends in "…" instead of widening the label, which asks for at most `maximumCharacters`.
    func ellipsize(maximumCharacters: Int32 = -1) {
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(label, maximumCharacters)
    }

    /// Wraps or ellipsizes past `characters` characters rather than widening its container.
    func limitWidth(characters: Int32) {
        gtk_label_set_max_width_chars(label, characters)
    }

    /// Long text wraps onto further lines (at word boundaries, or anywhere in a word longer than a line),
    /// up to `maximumLines` (-1: no limit) after which it ends in "…".
    func wrap(maximumLines: Int32 = -1) {
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        if maximumLines > 0 {
            gtk_label_set_lines(label, maximumLines)
            gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        }
    }

    var isSelectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        nonmutating set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }
}
