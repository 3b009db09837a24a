import CGtk

/// A `GtkDropDown` choosing one of a list of strings. Setting `selected` or `items` from code never
/// runs the `onSelect` handler.
struct DropDown: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var dropDown: OpaquePointer { widget.cast(gtk_drop_down_get_type()) }

    /// An empty drop-down; `name` is what screen readers announce, on it and on the button inside it
    /// that takes the focus (GTK 4.8 names that one "GtkToggleButton").
    init(name: String) {
        widget = gtk_drop_down_new(nil, nil)
        setAccessibleLabel(name)
        if let button = gtk_widget_get_first_child(widget) { AccessibleObject(button).setLabel(name) }
    }

    /// Shows `items` as the choices (kept when they are the same as now).
    func setItems(_ items: [String]) {
        guard items != shownItems else { return }
        let list = withCStringArray(items) { gtk_string_list_new($0) }!
        UserEdits.whileSuppressed(on: widget) { gtk_drop_down_set_model(dropDown, list.cast(g_list_model_get_type())) }
        list.unref()
    }

    /// The index of the chosen item.
    var selected: Int {
        get { Int(gtk_drop_down_get_selected(dropDown)) }
        nonmutating set {
            guard newValue != selected, newValue >= 0 else { return }
            UserEdits.whileSuppressed(on: widget) { gtk_drop_down_set_selected(dropDown, UInt32(newValue)) }
        }
    }

    /// Runs `action` with the index the person chose.
    func onSelect(_ action: @escaping @MainActor (Int) -> Void) {
        UserEdits.connect(Signals.notifySelected, on: widget) { [widget] _ in
            action(Int(gtk_drop_down_get_selected(widget.cast(gtk_drop_down_get_type()))))
        }
    }

    private var shownItems: [String] {
        guard let model = gtk_drop_down_get_model(dropDown) else { return [] }
        let count = g_list_model_get_n_items(model)
        return (0..<count).map { index in
            gtk_string_list_get_string(model.cast(gtk_string_list_get_type()), index).map { String(cString: $0) } ?? ""
        }
    }
}
