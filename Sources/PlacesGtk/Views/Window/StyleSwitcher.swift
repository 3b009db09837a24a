import PlacesCore

/// The main menu's Style section, Follow System / Light / Dark, bound to `StyleViewModel`: the
/// scheme it publishes is applied through libadwaita and shown as the menu's choice.
@MainActor
final class StyleSwitcher {
    private let styles = StyleManager()
    private let action: SimpleAction

    /// Adds the `win.style` action the menu section names.
    init(in window: Window, viewModel: StyleViewModel) {
        action = SimpleAction(name: "style", state: (viewModel.state.latest ?? .system).rawValue) { value in
            if let preference = StylePreference(rawValue: value) { viewModel.send(.choose(preference)) }
        }
        window.addAction(action)
        viewModel.state.subscribe(self) { switcher, preference in switcher.apply(preference) }
    }

    private func apply(_ preference: StylePreference) {
        styles.prefer(preference)
        action.setState(preference.rawValue)
    }

    static var menuSection: [(label: String, action: String)] {
        StylePreference.allCases.map { ($0.title, "win.style::\($0.rawValue)") }
    }
}
