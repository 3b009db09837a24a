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
    /// for `seconds`; a toast showing already makes way for it. With `button`, the toast has a button
    /// of that label (its mnemonic underlined) running `button.action`.
    func show(_ message: String, seconds: UInt32 = 5, button: (label: String, action: @MainActor () -> Void)? = nil) {
        let toast = adw_toast_new(Markup.escape(message))!
        adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH)
        adw_toast_set_timeout(toast, seconds)
        if let button {
            adw_toast_set_button_label(toast, button.label)
            toast.connect(Signals.toastButtonClicked, button.action)
        }
        adw_toast_overlay_add_toast(overlay, toast)  // takes the toast's reference
    }
}
