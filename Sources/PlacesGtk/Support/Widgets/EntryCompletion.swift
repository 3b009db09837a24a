import CGtk

/// A popup of suggestions under a text field (`GtkEntryCompletion`), filled from Swift: it shows every
/// suggestion it is given, in order, and reports which one the person picks.
@MainActor
struct EntryCompletion {
    private let completion: OpaquePointer
    private let store: UnsafeMutablePointer<GtkListStore>

    /// Attaches a suggestion popup to `entry`. Connect the entry's own handlers first, so that the popup
    /// is filled before it looks at the new text.
    init(on entry: Entry) {
        var columns: [GType] = [.string, .int]
        store = gtk_list_store_newv(2, &columns)
        completion = gtk_entry_completion_new()
        gtk_entry_completion_set_model(completion, store.cast(gtk_tree_model_get_type()))
        gtk_entry_completion_set_text_column(completion, 0)
        gtk_entry_completion_set_minimum_key_length(completion, 1)
        gtk_entry_completion_set_popup_completion(completion, 1)
        gtk_entry_completion_set_inline_completion(completion, 0)
        gtk_entry_completion_set_match_func(completion, { _, _, _, _ in 1 }, nil, nil)  // the suggestions are already chosen
        gtk_entry_set_completion(entry.widget.cast(gtk_entry_get_type()), completion)
        completion.unref()  // the entry keeps it
    }

    /// Shows `suggestions` (in this order) the next time the popup opens.
    func setSuggestions(_ suggestions: [String]) {
        gtk_list_store_clear(store)
        for (index, text) in suggestions.enumerated() {
            var iter = GtkTreeIter()
            gtk_list_store_append(store, &iter)
            withStringValue(text) { gtk_list_store_set_value(store, &iter, 0, $0) }
            var number = GValue()
            g_value_init(&number, .int)
            g_value_set_int(&number, Int32(index))
            gtk_list_store_set_value(store, &iter, 1, &number)
            g_value_unset(&number)
        }
    }

    /// Runs `action` with the position of the suggestion the person picks.
    func onChoose(_ action: @escaping @MainActor (Int) -> Void) {
        completion.connect(Signals.matchSelected) { model, iter in
            guard let model, let iter else { return false }
            var value = GValue()
            gtk_tree_model_get_value(OpaquePointer(model), iter.assumingMemoryBound(to: GtkTreeIter.self), 1, &value)
            defer { g_value_unset(&value) }
            action(Int(g_value_get_int(&value)))
            return true
        }
    }
}
