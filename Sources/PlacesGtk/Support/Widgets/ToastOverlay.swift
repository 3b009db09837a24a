import CGtk

/// An `AdwToastOverlay`: shows one short message at a time over the bottom of `child`. A new message
/// takes the place of the one up (no queue replays an old message later).
@MainActor
final class ToastOverlay: Widget {
    /// A message with how long it stays (0: until dismissed) and its button.
    private struct Message {
        var text: String
        var seconds: UInt32
        var button: (label: String, action: @MainActor () -> Void)?
    }

    /// libadwaita 1.2 frees a toast that goes before its entrance animation (up to 500 ms) is over, and
    /// the animation then ends on freed memory (fixed in 1.3 by "toast-overlay: Prevent show_done from
    /// firing after hide_done"). A toast therefore stays this long at least; what comes meanwhile waits,
    /// the newest only.
    private static let entrance: Duration = .milliseconds(600)

    let widget: UnsafeMutablePointer<GtkWidget>
    private var overlay: OpaquePointer { widget.cast(adw_toast_overlay_get_type()) }
    /// The toast up or coming up, and when it was added; the overlay holds it until it is dismissed.
    private var current: (toast: OpaquePointer, added: ContinuousClock.Instant)?
    /// What takes the current toast's place once its entrance is over (nil inside: nothing, it just goes).
    private var waiting: Message??
    private var waitingTask: Task<Void, Never>?

    init(_ child: some Widget) {
        widget = adw_toast_overlay_new()
        adw_toast_overlay_set_child(overlay, child.widget)
    }

    /// Shows `text` (plain text: libadwaita 1.2 reads a toast's title as markup, so it is escaped) for
    /// `seconds` (0: until dismissed), in place of the toast up. With `button`, the toast has a button
    /// of that label (its mnemonic underlined) running `button.action`.
    func show(_ text: String, seconds: UInt32, button: (label: String, action: @MainActor () -> Void)? = nil) {
        replace(with: Message(text: text, seconds: seconds, button: button))
    }

    /// Takes the toast up away.
    func dismiss() {
        replace(with: nil)
    }

    private func replace(with message: Message?) {
        if let current, case let sinceAdded = ContinuousClock.now - current.added, sinceAdded < Self.entrance {
            waiting = .some(message)
            waitingTask = waitingTask ?? Task { [weak self] in
                try? await Task.sleep(for: Self.entrance - sinceAdded)
                guard let self, let message = waiting else { return }
                waiting = nil
                waitingTask = nil
                replace(with: message)
            }
            return
        }
        if let current { adw_toast_dismiss(current.toast) }
        if let message { add(message) }
    }

    private func add(_ message: Message) {
        let toast = adw_toast_new(Markup.escape(message.text))!
        adw_toast_set_timeout(toast, message.seconds)
        if let button = message.button {
            adw_toast_set_button_label(toast, button.label)
            toast.connect(Signals.toastButtonClicked, button.action)
        }
        toast.connect(Signals.toastDismissed) { [weak self] in
            if self?.current?.toast == toast { self?.current = nil }
        }
        current = (toast, .now)
        adw_toast_overlay_add_toast(overlay, toast)  // takes the toast's reference
    }
}
