import CGtk

/// A `GListModel` of positions 0..<count and nothing else: the rows live in Swift, and GTK asks for an
/// item only for the rows it shows (a `GtkStringObject` made then, for that row alone). A million
/// rows cost nothing to show or take away, where a `GtkStringList` made and freed an object for each.
///
/// Only the tail that comes or goes is announced to GTK: announcing every position as changed makes
/// GTK's list look through all the new items for the ones it was following (the rows on screen, the
/// focused one), a million `get_item` calls on each keystroke. The rows kept are bound anew by the
/// list that owns the model (`ListView.reload`).
@MainActor
final class PositionListModel {
    let model: OpaquePointer

    /// The instance: a plain `GObject` and the count.
    private struct Instance {
        var parent: GObject
        var count: guint
    }

    private var instance: UnsafeMutablePointer<Instance> {
        UnsafeMutableRawPointer(model).assumingMemoryBound(to: Instance.self)
    }

    init() {
        model = OpaquePointer(g_object_new_with_properties(Self.type, 0, nil, nil)!)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(model))
    }

    var count: Int { Int(instance.pointee.count) }

    /// Now `newCount` positions: the positions past the old count are added, or those past the new one removed.
    func resize(to newCount: Int) {
        let oldCount = count
        guard newCount != oldCount else { return }
        instance.pointee.count = guint(newCount)
        if newCount > oldCount {
            g_list_model_items_changed(model, guint(oldCount), 0, guint(newCount - oldCount))
        } else {
            g_list_model_items_changed(model, guint(newCount), guint(oldCount - newCount), 0)
        }
    }

    /// The type, registered once: `GObject` with the `GListModel` interface.
    private static let type: GType = {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GObjectClass>.size)
        info.instance_size = guint16(MemoryLayout<Instance>.size)
        let type = g_type_register_static(GType.object, "PlacesPositionListModel", &info, GTypeFlags(rawValue: 0))
        var interface = GInterfaceInfo()
        interface.interface_init = { interface, _ in
            guard let interface = interface?.assumingMemoryBound(to: GListModelInterface.self) else { return }
            interface.pointee.get_item_type = { _ in gtk_string_object_get_type() }
            interface.pointee.get_n_items = { list in
                UnsafeMutableRawPointer(list!).assumingMemoryBound(to: Instance.self).pointee.count
            }
            interface.pointee.get_item = { list, position in
                let count = UnsafeMutableRawPointer(list!).assumingMemoryBound(to: Instance.self).pointee.count
                return position < count ? UnsafeMutableRawPointer(gtk_string_object_new("")) : nil
            }
        }
        g_type_add_interface_static(type, g_list_model_get_type(), &interface)
        return type
    }()
}
