import CGtk

/// Small constructors for the widgets every view builds, so views read as layout, not C calls.
@MainActor
public enum Widget {
    /// A label showing `text` as plain text (never markup), with optional CSS classes.
    public static func label(_ text: String = "", classes: [String] = [], xalign: Float = 0) -> OpaquePointer {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(label.cast(gtk_label_get_type()), xalign)
        addClasses(label, classes)
        return label.cast(gtk_label_get_type())
    }

    /// A box laid out `vertical`ly or horizontally, with `spacing` pixels between `children`.
    public static func box(vertical: Bool, spacing: Int32 = 0, _ children: [any GObjectPointer] = [], classes: [String] = []) -> UnsafeMutablePointer<GtkBox> {
        let box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!
        let typed: UnsafeMutablePointer<GtkBox> = box.cast(gtk_box_get_type())
        for child in children { gtk_box_append(typed, child.widget) }
        addClasses(box, classes)
        return typed
    }

    /// A button with a symbolic icon and a tooltip that doubles as its accessible name.
    public static func iconButton(_ icon: String, tooltip: String, classes: [String] = []) -> OpaquePointer {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(button, tooltip)
        setAccessibleLabel(button, tooltip)
        addClasses(button, classes)
        return button.cast(gtk_button_get_type())
    }

    /// Adds CSS classes to `widget`.
    public static func addClasses(_ widget: some GObjectPointer, _ classes: [String]) {
        for name in classes { gtk_widget_add_css_class(widget.widget, name) }
    }

    /// Sets a string property (e.g. `"placeholder-text"`) on any GObject.
    public static func setProperty(_ object: some GObjectPointer, _ name: String, _ text: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        g_value_set_string(&value, text)
        g_object_set_property(object.cast(g_object_get_type(), as: UnsafeMutablePointer<GObject>.self), name, &value)
        g_value_unset(&value)
    }

    /// Sets the margins of `widget` on all four sides.
    public static func setMargins(_ widget: some GObjectPointer, _ margin: Int32) {
        gtk_widget_set_margin_top(widget.widget, margin)
        gtk_widget_set_margin_bottom(widget.widget, margin)
        gtk_widget_set_margin_start(widget.widget, margin)
        gtk_widget_set_margin_end(widget.widget, margin)
    }

    /// Sets the accessible name screen readers announce for `widget`.
    public static func setAccessibleLabel(_ widget: some GObjectPointer, _ text: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        g_value_set_string(&value, text)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        let accessible: OpaquePointer = widget.cast(gtk_accessible_get_type())
        gtk_accessible_update_property_value(accessible, 1, &property, &value)
        g_value_unset(&value)
    }

    /// The text of an editable widget (entry, search entry).
    public static func text(of editable: some GObjectPointer) -> String {
        String(cString: gtk_editable_get_text(editable.cast(gtk_editable_get_type(), as: OpaquePointer.self)))
    }

    /// Sets the text of an editable widget unless it already shows it (keeps the cursor still).
    public static func setText(_ editable: some GObjectPointer, _ text: String) {
        if Widget.text(of: editable) != text {
            gtk_editable_set_text(editable.cast(gtk_editable_get_type(), as: OpaquePointer.self), text)
        }
    }

    /// Whether keyboard focus in `window` is in a text field (which keeps its own keys, such as Esc).
    public static func isTyping(in window: some GObjectPointer) -> Bool {
        guard let focus = gtk_window_get_focus(window.cast(gtk_window_get_type(), as: UnsafeMutablePointer<GtkWindow>.self)) else {
            return false
        }
        return focus.isA(gtk_editable_get_type())
    }
}
