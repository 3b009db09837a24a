import CGtk

/// The desktop's file chooser (`GtkFileChooserNative`, the GTK 4.8 way: a portal dialog in a sandbox).
@MainActor
enum FileChooser {
    /// A named set of file patterns the chooser can narrow the list to.
    struct Filter {
        var name: String
        var patterns: [String]
        var mimeTypes: [String] = []
    }

    /// A set of options the dialog offers beside the name (a file format), one of them selected.
    struct Choice {
        var id: String
        var label: String
        /// Each option's id and label.
        var options: [(id: String, label: String)]
        var selected: String
    }

    /// Asks for files to open (one, unless `multiple`); `done` gets their paths (not called when cancelled).
    static func open(
        title: String, accept: String, filters: [Filter], multiple: Bool = true, over parent: Window, _ done: @escaping @MainActor ([String]) -> Void
    ) {
        let dialog = gtk_file_chooser_native_new(title, parent.widget.cast(gtk_window_get_type()), GTK_FILE_CHOOSER_ACTION_OPEN, accept, "_Cancel")!
        let chooser: OpaquePointer = dialog.cast(gtk_file_chooser_get_type())
        gtk_file_chooser_set_select_multiple(chooser, multiple ? 1 : 0)
        for filter in filters {
            let gtkFilter = gtk_file_filter_new()!
            gtk_file_filter_set_name(gtkFilter, filter.name)
            filter.patterns.forEach { gtk_file_filter_add_pattern(gtkFilter, $0) }
            filter.mimeTypes.forEach { gtk_file_filter_add_mime_type(gtkFilter, $0) }
            gtk_file_chooser_add_filter(chooser, gtkFilter)
        }
        run(dialog) { done(paths(of: chooser)) }
    }

    /// Asks for a folder, showing `current` first if there is one; `done` gets its path (not called when cancelled).
    static func selectFolder(title: String, accept: String, current: String?, over parent: Window, _ done: @escaping @MainActor (String) -> Void) {
        let dialog = gtk_file_chooser_native_new(title, parent.widget.cast(gtk_window_get_type()), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept, "_Cancel")!
        let chooser: OpaquePointer = dialog.cast(gtk_file_chooser_get_type())
        if let current {
            let folder = g_file_new_for_path(current)
            gtk_file_chooser_set_current_folder(chooser, folder, nil)
            g_object_unref(UnsafeMutableRawPointer(folder))
        }
        run(dialog) { if let path = paths(of: chooser).first { done(path) } }
    }

    /// Asks where to save, suggesting `fileName`, offering `choice` if any; `done` gets the path and
    /// the option chosen (not called when cancelled).
    static func save(
        title: String, accept: String, fileName: String, choice: Choice? = nil, over parent: Window,
        _ done: @escaping @MainActor (String, String?) -> Void
    ) {
        let dialog = gtk_file_chooser_native_new(title, parent.widget.cast(gtk_window_get_type()), GTK_FILE_CHOOSER_ACTION_SAVE, accept, "_Cancel")!
        let chooser: OpaquePointer = dialog.cast(gtk_file_chooser_get_type())
        gtk_file_chooser_set_current_name(chooser, fileName)
        if let choice {
            withCStrings(choice.options.map(\.id)) { ids in
                withCStrings(choice.options.map(\.label)) { labels in
                    gtk_file_chooser_add_choice(chooser, choice.id, choice.label, ids, labels)
                }
            }
            gtk_file_chooser_set_choice(chooser, choice.id, choice.selected)
        }
        run(dialog) {
            let chosen = choice.flatMap { gtk_file_chooser_get_choice(chooser, $0.id) }.map { String(cString: $0) }
            if let path = paths(of: chooser).first { done(path, chosen) }
        }
    }

    /// `strings` as a NULL-terminated array of C strings, for the length of `body`.
    private static func withCStrings<Result>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    private static func run(_ dialog: OpaquePointer, accepted: @escaping @MainActor () -> Void) {
        let native: UnsafeMutablePointer<GtkNativeDialog> = dialog.cast(gtk_native_dialog_get_type())
        gtk_native_dialog_set_modal(native, 1)
        native.connect(Signals.response) { response in
            if response == Int32(GTK_RESPONSE_ACCEPT.rawValue) { accepted() }
            gtk_native_dialog_destroy(native)
            native.unref()
        }
        gtk_native_dialog_show(native)
    }

    private static func paths(of chooser: OpaquePointer) -> [String] {
        guard let files = gtk_file_chooser_get_files(chooser) else { return [] }
        defer { files.unref() }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            guard let file = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(file) }
            return takeFileName(g_file_get_path(OpaquePointer(file)))
        }
    }
}
