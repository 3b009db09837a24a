import CGtk
import PlacesCore

/// libadwaita's `AdwStyleManager` for the display: the colour scheme Places asks for, and the style
/// the window is drawn in now (the system's choice and the person's combined).
@MainActor
struct StyleManager {
    private let manager = adw_style_manager_get_default()!

    var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }
    var isHighContrast: Bool { adw_style_manager_get_high_contrast(manager) != 0 }

    func prefer(_ preference: StylePreference) {
        let scheme = switch preference {
        case .system: ADW_COLOR_SCHEME_DEFAULT
        case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
        case .dark: ADW_COLOR_SCHEME_FORCE_DARK
        }
        adw_style_manager_set_color_scheme(manager, scheme)
    }

    /// Runs `action` whenever the window turns dark or light, or high contrast goes on or off.
    func onChange(_ action: @escaping @MainActor () -> Void) {
        manager.connect(Signals.notifyDark) { _ in action() }
        manager.connect(Signals.notifyHighContrast) { _ in action() }
    }
}
