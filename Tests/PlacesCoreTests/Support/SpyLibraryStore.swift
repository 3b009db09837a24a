import PlacesCore
import Synchronization

/// Passes loads and saves through to another store, counting them.
final class SpyLibraryStore: LibraryStore {
    private let store: any LibraryStore
    private let counts = Mutex((loads: 0, saves: 0))

    init(_ store: any LibraryStore) { self.store = store }

    var loads: Int { counts.withLock { $0.loads } }
    var saves: Int { counts.withLock { $0.saves } }

    func load() throws -> Loaded<Library> {
        counts.withLock { $0.loads += 1 }
        return try store.load()
    }

    func save(_ library: Library, base: Library?) throws -> Library {
        counts.withLock { $0.saves += 1 }
        return try store.save(library, base: base)
    }
}
