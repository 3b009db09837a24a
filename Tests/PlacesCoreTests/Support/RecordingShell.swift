import PlacesCore

/// A fake window: records every call the coordinator makes, in order, and how deeply calls nest.
@MainActor
final class RecordingShell: Shell {
    enum Call: Equatable, CustomStringConvertible {
        case show(Tab)
        case reveal(Place.ID)
        case hide
        case error(String)

        var description: String {
            switch self {
            case .show(let tab): "show(\(tab.title))"
            case .reveal(let id): "reveal(\(id))"
            case .hide: "hide"
            case .error(let message): "error(\(message))"
            }
        }
    }

    private(set) var calls: [Call] = []
    /// How many shell calls are running right now.
    private(set) var depth = 0
    /// The deepest nesting seen: 1 means no call ever ran inside another.
    private(set) var maximumDepth = 0

    /// Runs inside `show(tab:)`, after the call is recorded (to make re-entrant requests).
    var onShow: ((Tab) -> Void)?
    /// Runs inside `revealCard(_:)`, after the call is recorded.
    var onReveal: ((Place) -> Void)?

    func show(tab: Tab) {
        enter(.show(tab))
        onShow?(tab)
        leave()
    }

    func revealCard(_ place: Place) {
        enter(.reveal(place.id))
        onReveal?(place)
        leave()
    }

    func hideCard() {
        enter(.hide)
        leave()
    }

    func showError(_ message: String) {
        enter(.error(message))
        leave()
    }

    var revealCount: Int { calls.filter { if case .reveal = $0 { true } else { false } }.count }
    var hideCount: Int { calls.filter { $0 == .hide }.count }
    var errors: [String] { calls.compactMap { if case .error(let message) = $0 { message } else { nil } } }

    /// Forgets the calls recorded so far.
    func clear() { calls.removeAll() }

    private func enter(_ call: Call) {
        calls.append(call)
        depth += 1
        maximumDepth = max(maximumDepth, depth)
    }

    private func leave() { depth -= 1 }
}
