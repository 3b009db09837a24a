import PlacesCore

/// The main menu's Style section, Follow System / Light / Dark: the choice is applied through
/// libadwaita at once, and kept in `settings.ini` beside the profile for the next launch.
@MainActor
enum StyleSwitcher {
    private static let group = "appearance"
    private static let key = "style"

    /// Applies the saved choice and adds the `win.style` action the menu section names.
    static func install(in window: Window, settings: KeyFile) {
        let styles = StyleManager()
        let saved = settings.string(key, in: group).flatMap(StylePreference.init) ?? .system
        styles.prefer(saved)
        window.addAction(SimpleAction(name: "style", state: saved.rawValue) { value in
            guard let preference = StylePreference(rawValue: value) else { return }
            styles.prefer(preference)
            settings.set(preference.rawValue, for: key, in: group)
        })
    }

    static var menuSection: [(label: String, action: String)] {
        StylePreference.allCases.map { ($0.title, "win.style::\($0.rawValue)") }
    }
}
