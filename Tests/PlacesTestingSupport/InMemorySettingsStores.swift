import PlacesCore
import Synchronization

/// Map settings kept in memory, for tests.
public final class InMemoryMapSettingsStore: MapSettingsStore {
    private let saved: Mutex<MapSettings?>

    public init(_ settings: MapSettings? = nil) { saved = Mutex(settings) }

    public var settings: MapSettings? { saved.withLock { $0 } }

    public func loadSettings() throws -> Loaded<MapSettings> { Loaded(saved.withLock { $0 }) }

    public func save(_ settings: MapSettings) throws { saved.withLock { $0 = settings } }
}

/// The app's preferences kept in memory, for tests.
public final class InMemorySettingsStore: SettingsStore {
    private let saved: Mutex<Settings?>

    public init(_ settings: Settings? = nil) { saved = Mutex(settings) }

    public var settings: Settings? { saved.withLock { $0 } }

    public func load() throws -> Loaded<Settings> { Loaded(saved.withLock { $0 }) }

    public func save(_ settings: Settings) throws { saved.withLock { $0 = settings } }
}
