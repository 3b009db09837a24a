import Synchronization

/// Keeps `MapSettings` between launches. Called off the main thread.
public protocol MapSettingsStore: Sendable {
    /// The saved settings (nil value: none yet), with a sentence when the file needed something said.
    func loadSettings() throws -> Loaded<MapSettings>
    func save(_ settings: MapSettings) throws
}

/// Settings kept in memory: the coordinator's default, and the tests' store.
public final class InMemoryMapSettingsStore: MapSettingsStore {
    private let saved: Mutex<MapSettings?>

    public init(_ settings: MapSettings? = nil) { saved = Mutex(settings) }

    public var settings: MapSettings? { saved.withLock { $0 } }

    public func loadSettings() throws -> Loaded<MapSettings> { Loaded(saved.withLock { $0 }) }

    public func save(_ settings: MapSettings) throws { saved.withLock { $0 = settings } }
}
