import Multicast

/// The main menu's Style section (Follow System, Light, Dark): publishes the colour scheme to apply
/// and to show as chosen, and makes the person's choice the app's preference.
@MainActor
public final class StyleViewModel: SettingsModelDelegate {
    public enum Input: Sendable {
        case choose(StylePreference)
    }

    public let state = Publink<StylePreference>(replaysLast: true)
    private let settings: SettingsModel

    public init(settings: SettingsModel) {
        self.settings = settings
        settings.delegates += self
        state.publish(settings.settings.style)
    }

    public func send(_ input: Input) {
        switch input {
        case .choose(let style): settings.setStyle(style)
        }
    }

    public func settingsDidChange() {
        if state.latest != settings.settings.style { state.publish(settings.settings.style) }
    }
}
