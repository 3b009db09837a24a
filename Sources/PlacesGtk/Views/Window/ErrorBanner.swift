import PlacesCore

/// A banner at the top of the window telling the person what went wrong; it stays until closed, and
/// messages arriving meanwhile are added below the earlier ones (the latest four are kept, each cut to
/// `maximumCharacters`, so the banner never outgrows the window).
@MainActor
final class ErrorBanner {
    static let maximumMessages = 4
    static let maximumCharacters = 600

    let root: Revealer
    /// One wrapping label per message (one label holding several lines makes GTK misjudge its height).
    private let lines = (0..<ErrorBanner.maximumMessages).map { _ in Label() }
    private var messages: [String] = []

    init() {
        for line in lines {
            line.wrap()
            line.isVisible = false
        }
        let text = Box(.vertical, spacing: 4, lines)
        text.expand(horizontally: true)
        let close = Button(icon: "window-close-symbolic", tooltip: tr("Dismiss"), classes: ["flat", "circular"])
        let icon = Image(icon: "dialog-warning-symbolic")
        icon.hideFromScreenReaders()
        let bar = Box(.horizontal, spacing: 12, [icon, text, close], classes: ["error-banner"])
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
        messages = Array((messages + [text.clipped(to: Self.maximumCharacters)]).suffix(Self.maximumMessages))
        for (index, line) in lines.enumerated() {
            line.show(index < messages.count ? messages[index] : nil)
        }
        root.revealsChild = true
    }

    /// What the banner says, a message a line.
    var text: String { messages.joined(separator: "\n") }
}
