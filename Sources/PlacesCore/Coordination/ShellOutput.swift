/// Hands the window what the coordinator has for it, in order: the screen as it is at that moment,
/// and messages. Output asked for while the shell is handling earlier output (a shell callback asking
/// for a tab, say) waits until that finishes: never lost, never re-entered. Messages told before
/// there is a window are kept for it.
@MainActor
final class ShellOutput {
    private enum Output {
        case screen
        case message(Message)
        case withdrawNotice
    }

    private(set) weak var shell: (any Shell)?
    private let screen: @MainActor () -> Screen
    /// The screen the shell was last given (or shows of itself: a tab the person switched to).
    private var shown: Screen?
    private var pending: [Output] = []
    private var isDelivering = false
    private var toldBeforeStart: [Message] = []

    /// `screen` derives the screen from the coordinator's state when it is delivered.
    init(screen: @escaping @MainActor () -> Screen) {
        self.screen = screen
    }

    /// Attaches the window: it shows the screen, then what was told before.
    func start(in shell: any Shell) {
        self.shell = shell
        deliver(.screen)
        toldBeforeStart.forEach { deliver(.message($0)) }
        toldBeforeStart = []
    }

    /// Shows the screen as it then is, unless the shell shows it already.
    func showScreen() {
        deliver(.screen)
    }

    /// The person switched the notebook to `tab` themselves: the shell shows it already.
    func tabShown(_ tab: Tab) {
        shown?.tab = tab
    }

    func tell(_ message: Message) {
        deliver(.message(message))
    }

    /// Takes the notice up away (its button no longer applies).
    func withdrawNotice() {
        deliver(.withdrawNotice)
    }

    private func deliver(_ output: Output) {
        guard shell != nil else {
            if case .message(let message) = output { toldBeforeStart.append(message) }
            return
        }
        pending.append(output)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !pending.isEmpty {
            let next = pending.removeFirst()
            guard let shell else { continue }
            switch next {
            case .screen:
                let screen = self.screen()
                guard screen != shown else { continue }
                shown = screen
                shell.show(screen)
            case .message(.error(let message)): shell.showError(message)
            case .message(.notice(let notice)): shell.showNotice(notice)
            case .withdrawNotice: shell.withdrawNotice()
            }
        }
    }
}
