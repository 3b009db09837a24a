import CGtk

/// Accepts files dropped on the window (a `GtkDropTarget` for `GdkFileList`) and hands their paths on.
@MainActor
enum FileDropTarget {
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, _ onDrop: @escaping @MainActor ([String]) -> Void) {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        target.connect(Signals.drop) { value, _, _ in
            guard let value, let list = g_value_get_boxed(value) else { return false }
            var paths: [String] = []
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            while let current = node {
                if let path = g_file_get_path(OpaquePointer(current.pointee.data)) {
                    paths.append(String(cString: path))
                    g_free(path)
                }
                node = current.pointee.next
            }
            g_slist_free(head)
            guard !paths.isEmpty else { return false }
            onDrop(paths)
            return true
        }
        gtk_widget_add_controller(widget, OpaquePointer(UnsafeMutableRawPointer(target)))
    }
}
