/// What the app keeps in the library and when it saves it. It remembers the favourites the person
/// chose, also while their places are not loaded (the model only holds favourites of loaded places),
/// and every imported file, also one that failed to load, until the person removes it.
///
/// Nothing is saved before `load()`, so an early change never replaces the file unread; what changed
/// before is merged into what was loaded. Saves happen only when the library differs from the last
/// one saved, so restoring (re-importing, re-favouriting) writes nothing.
@MainActor
final class LibraryKeeper {
    private enum Phase {
        case unloaded, loaded, readOnly
    }

    private let store: any LibraryStore
    /// The favourites the person chose, whether or not their places are loaded.
    private(set) var favourites: Set<Place.ID> = []
    /// The imported files, in import order, whether or not they loaded.
    private(set) var sources: [PlaceSource] = []
    private var phase = Phase.unloaded
    private var saved: Library?
    private var hasReportedSaveFailure = false

    init(store: any LibraryStore) {
        self.store = store
    }

    var library: Library { Library(favourites: Array(favourites), sources: sources) }

    /// Reads the store once and merges what changed before; returns what the person should be told
    /// (a damaged file kept aside; a file that cannot be used, after which nothing is saved this session).
    func load() -> String? {
        guard phase == .unloaded else { return nil }
        do {
            let loaded = try store.load()
            let stored = loaded.value ?? .empty
            favourites.formUnion(stored.favourites)
            let known = Set(stored.sources.map(\.id))
            sources = stored.sources + sources.filter { !known.contains($0.id) }
            saved = stored
            phase = .loaded
            return loaded.notice
        } catch {
            phase = .readOnly
            return "\(error) Changes to favourites and imported files will not be saved until Places restarts."
        }
    }

    /// Notes a change of `model`: a new favourite is kept; a favourite removed while its place is still
    /// loaded was the person's choice and is forgotten (one whose place went away stays); a newly
    /// imported file is remembered, in order.
    func note(_ change: PlacesChange, in model: PlacesModel) {
        favourites.formUnion(change.favouritesAdded)
        for id in change.favouritesRemoved where model.places.place(withID: id) != nil {
            favourites.remove(id)
        }
        if change.sourcesChanged {
            let known = Set(sources.map(\.id))
            sources += model.sources.filter { !$0.isBundled && $0.path != nil && !known.contains($0.id) }
        }
    }

    /// Forgets an imported file and the favourites among its places, loaded or not.
    func forget(source id: PlaceSource.ID) {
        sources.removeAll { $0.id == id }
        // Imported places' ids are the source id, a slash and the feature's id (GeoJSONReader).
        favourites = favourites.filter { !$0.hasPrefix(id + "/") }
    }

    /// Saves the library if it changed since the last save; returns a message for the first failure
    /// only (a later success re-arms it), so a read-only folder is not reported on every change.
    func save() -> String? {
        guard phase == .loaded else { return nil }
        let library = self.library
        guard library != saved else { return nil }
        do {
            try store.save(library)
            saved = library
            hasReportedSaveFailure = false
            return nil
        } catch {
            defer { hasReportedSaveFailure = true }
            guard !hasReportedSaveFailure else { return nil }
            return "Your favourites and imported files could not be saved (\(error)). Changes are kept until Places quits."
        }
    }
}
