import CGtk

/// Native file choosers (`GtkFileChooserNative`, the GTK 4.8 way) for importing and exporting GeoJSON.
@MainActor
enum FileDialogs {
    /// Asks for one or more GeoJSON files to import.
    static func chooseGeoJSON(parent: UnsafeMutablePointer<GtkWidget>, _ done: @escaping @MainActor ([String]) -> Void) {
        let dialog = gtk_file_chooser_native_new(
            "Import Places", parent.cast(gtk_window_get_type()), GTK_FILE_CHOOSER_ACTION_OPEN, "_Import", "_Cancel"
        )!
        let chooser: OpaquePointer = dialog.cast(gtk_file_chooser_get_type())
        gtk_file_chooser_set_select_multiple(chooser, 1)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "GeoJSON files")
        gtk_file_filter_add_pattern(filter, "*.geojson")
        gtk_file_filter_add_pattern(filter, "*.json")
        gtk_file_filter_add_mime_type(filter, "application/geo+json")
        gtk_file_chooser_add_filter(chooser, filter)
        run(dialog) { done(paths(of: chooser)) }
    }

    /// Asks where to save an export.
    static func chooseExportFile(
        parent: UnsafeMutablePointer<GtkWidget>, title: String, suggestedName: String, _ done: @escaping @MainActor (String) -> Void
    ) {
        let dialog = gtk_file_chooser_native_new(
            title, parent.cast(gtk_window_get_type()), GTK_FILE_CHOOSER_ACTION_SAVE, "_Export", "_Cancel"
        )!
        let chooser: OpaquePointer = dialog.cast(gtk_file_chooser_get_type())
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        run(dialog) {
            if let path = paths(of: chooser).first { done(path) }
        }
    }

    private static func run(_ dialog: OpaquePointer, accepted: @escaping @MainActor () -> Void) {
        let native: UnsafeMutablePointer<GtkNativeDialog> = dialog.cast(gtk_native_dialog_get_type())
        gtk_native_dialog_set_modal(native, 1)
        native.connect(Signals.response) { response in
            if response == Int32(GTK_RESPONSE_ACCEPT.rawValue) { accepted() }
            gtk_native_dialog_destroy(native)
            g_object_unref(UnsafeMutableRawPointer(native))
        }
        gtk_native_dialog_show(native)
    }

    private static func paths(of chooser: OpaquePointer) -> [String] {
        guard let files = gtk_file_chooser_get_files(chooser) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index -> String? in
            guard let file = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(file) }
            guard let path = g_file_get_path(OpaquePointer(file)) else { return nil }
            defer { g_free(path) }
            return String(cString: path)
        }
    }
}
