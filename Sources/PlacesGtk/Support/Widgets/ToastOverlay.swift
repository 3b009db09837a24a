import CGtk

/// An `AdwToastOverlay`: shows short messages over the bottom of `child` that go away by themselves.
struct ToastOverlay: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var overlay: OpaquePointer { widget.cast(adw_toast_overlay_get_type()) }

    init(_ child: some Widget) {
        widget = adw_toast_overlay_new()
        adw_toast_overlay_set_child(overlay, child.widget)
    }

    /// Shows `message` (plain text: libadwaita 1.2 reads a toast's title as markup, so it is escaped)
    /// for a few seconds; a toast showing already makes way for it.
    func show(_ message: String) {
        let toast = adw_toast_new(Markup.escape(message))!
        adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH)
        adw_toast_overlay_add_toast(overlay, toast)  // takes the toast's reference
    }
}
