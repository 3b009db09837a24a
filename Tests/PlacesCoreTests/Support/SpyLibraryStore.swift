import PlacesCore
import Synchronization

/// Passes loads and saves through to another store, counting them.
final class SpyLibraryStore: LibraryStore {
    private let store: any LibraryStore
    private let counts = Mutex((loads: 0, saves: 0))
    private let sent = Mutex<[[String]]>([])

    init(_ store: any LibraryStore) { self.store = store }

    var loads: Int { counts.withLock { $0.loads } }
    var saves: Int { counts.withLock { $0.saves } }
    /// The titles of the files each save was asked to remember, in order.
    var savedSources: [[String]] { sent.withLock { $0 } }

    func load() throws -> Loaded<Library> {
        counts.withLock { $0.loads += 1 }
        return try store.load()
    }

    func save(_ library: Library, base: Library?) throws -> Saved<Library> {
        counts.withLock { $0.saves += 1 }
        sent.withLock { $0.append(library.sources.map(\.title)) }
        return try store.save(library, base: base)
    }
}
