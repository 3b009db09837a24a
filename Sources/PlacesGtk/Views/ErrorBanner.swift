import CGtk

/// A banner at the top of the window telling the person what went wrong; it stays until closed, and
/// messages arriving meanwhile are added below the earlier ones (the latest four are kept).
@MainActor
final class ErrorBanner {
    let root: OpaquePointer
    private let message = Widget.label()
    private var messages: [String] = []
    static let maximumMessages = 4

    init() {
        gtk_label_set_wrap(message, 1)
        gtk_widget_set_hexpand(message.widget, 1)
        let close = Widget.iconButton("window-close-symbolic", tooltip: "Dismiss", classes: ["flat", "circular"])
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        let bar = Widget.box(vertical: false, spacing: 12, [icon, message, close], classes: ["error-banner"])
        Widget.setMargins(bar, 6)
        root = gtk_revealer_new()!.cast(gtk_revealer_get_type())
        gtk_revealer_set_transition_type(root, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_revealer_set_child(root, bar.widget)
        close.connect(Signals.clicked) { [weak self] in
            guard let self else { return }
            self.messages = []
            gtk_revealer_set_reveal_child(self.root, 0)
        }
    }

    /// Adds `text` (plain text) to what the banner shows.
    func show(_ text: String) {
        messages = Array((messages + [text]).suffix(Self.maximumMessages))
        gtk_label_set_text(message, messages.joined(separator: "\n"))
        gtk_revealer_set_reveal_child(root, 1)
    }
}
