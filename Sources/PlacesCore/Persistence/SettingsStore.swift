/// Where the app's preferences are kept between launches (the app's is `settings.ini`, a GLib key
/// file, written by PlacesGtk's `KeyFileSettingsStore`). Called off the main thread.
public protocol SettingsStore: Sendable {
    /// The saved preferences (nil value: none yet). Throws when the file exists but cannot be
    /// read; it is then never replaced.
    func load() throws -> Loaded<Settings>
    func save(_ settings: Settings) throws
}
