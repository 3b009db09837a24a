/// Which colour scheme the person asked for in the main menu's Style section.
public enum StylePreference: String, CaseIterable, Sendable {
    /// Light or dark as the desktop's setting says (GNOME Settings › Appearance).
    case system
    case light
    case dark

    public var title: String {
        switch self {
        case .system: tr("Follow System")
        case .light: tr("Light")
        case .dark: tr("Dark")
        }
    }
}
