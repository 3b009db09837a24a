/// Hears every change of a `SettingsModel`; held weakly.
@MainActor
public protocol SettingsModelDelegate: AnyObject {
    /// The model already holds the new preferences.
    func settingsDidChange()
}
