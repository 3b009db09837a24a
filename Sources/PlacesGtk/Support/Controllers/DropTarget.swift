import CGtk

/// Accepts files dropped on a widget (a `GtkDropTarget` for `GdkFileList`).
struct FileDropTarget: EventController {
    let controller: OpaquePointer = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)

    /// Runs `action` with the local paths of the dropped files.
    func onDrop(_ action: @escaping @MainActor ([String]) -> Void) {
        controller.connect(Signals.drop) { value, _, _ in
            guard let value, let list = g_value_get_boxed(value) else { return false }
            var paths: [String] = []
            let head = gdk_file_list_get_files(OpaquePointer(list))
            var node = head
            while let current = node {
                if let path = takeFileName(g_file_get_path(OpaquePointer(current.pointee.data))) { paths.append(path) }
                node = current.pointee.next
            }
            g_slist_free(head)
            guard !paths.isEmpty else { return false }
            action(paths)
            return true
        }
    }
}
