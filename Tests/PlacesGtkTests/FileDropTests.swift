import CGtk
@testable import PlacesGtk
import Testing

extension GUITests {
    @Suite("Dropping files on the window")
    @MainActor
    struct FileDropTests {
        @Test("files dropped on the window are handed on by path, in order")
        func dropHandsOnPaths() throws {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            g_object_ref_sink(UnsafeMutableRawPointer(box))
            defer { g_object_unref(UnsafeMutableRawPointer(box)) }
            var received: [String] = []
            let drop = FileDropTarget()
            drop.onDrop { received = $0 }
            AnyWidget(box).add(drop)

            let controllers = try #require(gtk_widget_observe_controllers(box))
            defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
            let target = try #require(g_list_model_get_item(controllers, 0))
            defer { g_object_unref(target) }
            #expect(OpaquePointer(target).typeName == "GtkDropTarget")

            #expect(try emitDrop(on: target, paths: ["/tmp/a.geojson", "/tmp/b c.geojson"]))
            #expect(received == ["/tmp/a.geojson", "/tmp/b c.geojson"])
        }

        /// Emits GtkDropTarget's "drop" as GTK does after a real drag, with a GdkFileList of `paths`.
        private func emitDrop(on target: gpointer, paths: [String]) throws -> Bool {
            var list: UnsafeMutablePointer<GSList>?
            for path in paths.reversed() { list = g_slist_prepend(list, UnsafeMutableRawPointer(g_file_new_for_path(path))) }
            let files = gdk_file_list_new_from_list(list)
            g_slist_free_full(list) { g_object_unref($0) }
            var dropped = GValue()
            g_value_init(&dropped, gdk_file_list_get_type())
            g_value_take_boxed(&dropped, UnsafeMutableRawPointer(files))
            defer { g_value_unset(&dropped) }

            var arguments = [GValue](repeating: GValue(), count: 4)
            g_value_init(&arguments[0], gtk_drop_target_get_type())
            g_value_set_object(&arguments[0], target)
            g_value_init(&arguments[1], g_value_get_type())
            withUnsafeMutablePointer(to: &dropped) { g_value_set_boxed(&arguments[1], $0) }
            for index in 2...3 {
                g_value_init(&arguments[index], .double)
                g_value_set_double(&arguments[index], 10)
            }
            var result = GValue()
            g_value_init(&result, .boolean)
            g_signal_emitv(&arguments, g_signal_lookup("drop", gtk_drop_target_get_type()), 0, &result)
            for index in arguments.indices { g_value_unset(&arguments[index]) }
            return g_value_get_boolean(&result) != 0
        }
    }
}
