import CGtk

/// Suggestions shown under a text field as a list (`GtkListBox`), hidden while empty. Unlike
/// `GtkEntryCompletion`'s popup, a screen reader reaches it: the list is named and each row is named
/// after its text. Arrow keys move between rows, Enter or a click picks one.
@MainActor
struct SuggestionList: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var listBox: OpaquePointer { widget.cast(gtk_list_box_get_type()) }

    /// An empty, hidden list; `name` is what screen readers announce for it.
    init(name: String) {
        widget = gtk_list_box_new()
        gtk_list_box_set_selection_mode(listBox, GTK_SELECTION_BROWSE)
        gtk_list_box_set_activate_on_single_click(listBox, 1)
        addClass("boxed-list")
        setAccessibleLabel(name)
        gtk_widget_set_visible(widget, 0)
    }

    /// Replaces the rows with `items`, in order; hides the list when there are none. Rows that read
    /// the same at the same position are kept, not made again: suggestions that arrive later (the
    /// world's towns after the bundled cities) are added below the row the person is on, and the
    /// keyboard focus stays there. When that row goes, the focus moves to the row now in its place.
    func setItems(_ items: [String]) {
        var kept = 0
        while kept < items.count, let row = gtk_list_box_get_row_at_index(listBox, Int32(kept)), text(of: row) == items[kept] {
            kept += 1
        }
        let focused = focusedRow.map { Int(gtk_list_box_row_get_index($0)) }
        while let row = gtk_list_box_get_row_at_index(listBox, Int32(kept)) {
            gtk_list_box_remove(listBox, row.cast(gtk_widget_get_type()))
        }
        for item in items[kept...] {
            let row = gtk_list_box_row_new()!
            let label = Label(item)
            label.setMargins(top: 8, bottom: 8, start: 12, end: 12)
            gtk_list_box_row_set_child(row.cast(gtk_list_box_row_get_type()), label.widget)
            AnyWidget(row).setAccessibleLabel(item)
            gtk_list_box_append(listBox, row)
        }
        gtk_widget_set_visible(widget, items.isEmpty ? 0 : 1)
        if let focused, focused >= kept, !items.isEmpty { focusRow(at: min(focused, items.count - 1)) }
    }

    /// The row with the keyboard focus, if the focus is in the list.
    var focusedRow: UnsafeMutablePointer<GtkListBoxRow>? {
        guard let child = gtk_widget_get_focus_child(widget), gtk_widget_has_focus(child) != 0 else { return nil }
        return UnsafeMutablePointer(gpointer: child.gpointer)
    }

    /// The text a row shows.
    func text(of row: UnsafeMutablePointer<GtkListBoxRow>) -> String? {
        guard let label = gtk_list_box_row_get_child(row), let text = gtk_label_get_text(label.cast(gtk_label_get_type())) else { return nil }
        return String(cString: text)
    }

    /// Selects and focuses the first row; false when the list is empty.
    @discardableResult
    func focusFirstRow() -> Bool {
        focusRow(at: 0)
    }

    /// Selects and focuses the row at `index`; false when there is none.
    @discardableResult
    private func focusRow(at index: Int) -> Bool {
        guard let row = gtk_list_box_get_row_at_index(listBox, Int32(index)) else { return false }
        gtk_list_box_select_row(listBox, row)
        return gtk_widget_grab_focus(row.cast(gtk_widget_get_type())) != 0
    }

    /// Runs `action` with the position of the row the person picks.
    func onChoose(_ action: @escaping @MainActor (Int) -> Void) {
        widget.connect(Signals.listBoxRowActivated) { row in
            guard let row else { return }
            action(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
    }
}
