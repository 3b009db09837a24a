import PlacesCore

/// Passes loads and saves through to another store, counting them.
final class SpyLibraryStore: LibraryStore {
    private let store: any LibraryStore
    private(set) var loads = 0
    private(set) var saves = 0

    init(_ store: any LibraryStore) { self.store = store }

    func load() throws -> Loaded<Library> {
        loads += 1
        return try store.load()
    }

    func save(_ library: Library) throws {
        saves += 1
        try store.save(library)
    }
}
