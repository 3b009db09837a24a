import PlacesCore

/// A banner at the top of the window telling the person what went wrong; it stays until closed, and
/// messages arriving meanwhile are added below the earlier ones (the latest four are kept).
@MainActor
final class ErrorBanner {
    static let maximumMessages = 4

    let root: Revealer
    private let message = Label()
    private var messages: [String] = []
    private let trace: (any EventLog)?

    init(trace: (any EventLog)?) {
        self.trace = trace
        message.wrap()
        message.expand(horizontally: true)
        let close = Button(icon: "window-close-symbolic", tooltip: "Dismiss", classes: ["flat", "circular"])
        let bar = Box(.horizontal, spacing: 12, [Image(icon: "dialog-warning-symbolic"), message, close], classes: ["error-banner"])
        bar.setMargins(6)
        root = Revealer(bar, transition: .slideDown)
        close.onClick { [weak self] in
            guard let self else { return }
            self.messages = []
            self.root.revealsChild = false
        }
    }

    /// Adds `text` (plain text) to what the banner shows.
    func show(_ text: String) {
        messages = Array((messages + [text]).suffix(Self.maximumMessages))
        message.text = messages.joined(separator: "\n")
        root.revealsChild = true
        trace?.record(.errorShown(message.text))
    }
}
