/// Keeps `MapSettings` between launches. Called off the main thread.
public protocol MapSettingsStore: Sendable {
    /// The saved settings (nil value: none yet), with a sentence when the file needed something said.
    func loadSettings() throws -> Loaded<MapSettings>
    func save(_ settings: MapSettings) throws
}
