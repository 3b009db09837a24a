import CGtk

/// A text field: a `GtkEntry` or a `GtkSearchEntry` (both `GtkEditable`). Setting `text` from code never
/// runs the `onEdit` handler and never moves the cursor when the text is already shown.
struct Entry: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var editable: OpaquePointer { widget.cast(gtk_editable_get_type()) }

    /// A one-line text field with greyed-out `placeholder` text; `name` is what screen readers announce.
    init(placeholder: String, name: String) {
        widget = gtk_entry_new()
        gtk_entry_set_placeholder_text(widget.cast(gtk_entry_get_type()), placeholder)
        setAccessibleLabel(name)
    }

    /// A search field (a magnifier icon, a clear button, Esc clears it).
    init(searchPlaceholder placeholder: String, name: String) {
        widget = gtk_search_entry_new()
        withStringValue(placeholder) { g_object_set_property(widget.object, "placeholder-text", $0) }
        setAccessibleLabel(name)
    }

    var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        nonmutating set {
            guard newValue != text else { return }
            UserEdits.whileSuppressed(on: widget) { gtk_editable_set_text(editable, newValue) }
        }
    }

    /// The most characters the field takes (typing or pasting more keeps the first ones); a plain
    /// entry only.
    func limitLength(to characters: Int) {
        gtk_entry_set_max_length(widget.cast(gtk_entry_get_type()), Int32(characters))
    }

    /// Runs `action` with the new text after each edit by the person (a search entry waits for a short
    /// pause in typing, as GTK's `search-changed` does).
    func onEdit(_ action: @escaping @MainActor (String) -> Void) {
        let signal = widget.isA(gtk_search_entry_get_type()) ? Signals.searchChanged : Signals.changed
        UserEdits.connect(signal, on: widget) { [widget] in action(Entry(adopting: widget).text) }
    }

    /// How long a search field waits after an edit for the next before `onEdit` runs (GTK's default
    /// is 150 ms; clearing the field never waits).
    func setSearchDelay(milliseconds: Int) {
        gtk_search_entry_set_search_delay(widget.cast(gtk_search_entry_get_type()), guint(milliseconds))
    }

    /// Selects the whole text (typing then replaces it).
    func selectAll() {
        gtk_editable_select_region(widget.cast(gtk_editable_get_type()), 0, -1)
    }

    /// Enter in the field presses its window's default button (a dialog's suggested answer).
    func activatesDefault() {
        gtk_entry_set_activates_default(widget.cast(gtk_entry_get_type()), 1)
    }

    /// Runs `action` when the person presses Enter in the field.
    func onActivate(_ action: @escaping @MainActor () -> Void) {
        widget.connect(Signals.activate, action)
    }

    private init(adopting widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
}
