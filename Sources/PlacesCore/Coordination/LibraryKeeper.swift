/// What the coordinator keeps in the library and when it saves it. It remembers the favourites the
/// person chose, also while their places are not loaded (the model only holds favourites of loaded
/// places), and every imported file, also one that failed to load, until the person removes it.
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
    private(set) var favourites: Set<Place.ID>
    /// The imported files, in import order, whether or not they loaded.
    private(set) var sources: [PlaceSource] = []
    /// The model's favourites at the last change, to tell additions and removals apart.
    private var seenFavourites: Set<Place.ID>
    private var phase = Phase.unloaded
    private var saved: Library?
    private var hasReportedSaveFailure = false

    /// A keeper saving to `store`, starting from the model's `favourites`.
    init(store: any LibraryStore, favourites: Set<Place.ID>) {
        self.store = store
        self.favourites = favourites
        seenFavourites = favourites
    }

    /// The library as it should be on disk.
    var library: Library { Library(favourites: Array(favourites), sources: sources) }

    /// Reads the store once and merges what changed before; returns a message when it cannot be used
    /// (then nothing is saved this session, so the file is never replaced by a partial view).
    func load() -> String? {
        guard phase == .unloaded else { return nil }
        do {
            let stored = try store.load().map { Library(favourites: $0.favourites, sources: $0.sources) } ?? .empty
            favourites.formUnion(stored.favourites)
            let known = Set(stored.sources.map(\.id))
            sources = stored.sources + sources.filter { !known.contains($0.id) }
            saved = stored
            phase = .loaded
            return nil
        } catch {
            phase = .readOnly
            return "\(error) Changes to favourites and imported files will not be saved until Places restarts."
        }
    }

    /// Notes the model's new favourites. An addition is kept; a removal is kept only when the place is
    /// still loaded (the person took it out), not when the place itself went away.
    func noteFavourites(_ current: Set<Place.ID>, placeExists: (Place.ID) -> Bool) {
        favourites.formUnion(current.subtracting(seenFavourites))
        for id in seenFavourites.subtracting(current) where placeExists(id) {
            favourites.remove(id)
        }
        seenFavourites = current
    }

    /// Notes the model's sources: imported files not yet known are remembered, in order.
    func noteSources(_ current: [PlaceSource]) {
        let known = Set(sources.map(\.id))
        sources += current.filter { !$0.isBundled && $0.path != nil && !known.contains($0.id) }
    }

    /// Forgets an imported file and the favourites among its places, loaded or not.
    func forget(source id: PlaceSource.ID) {
        sources.removeAll { $0.id == id }
        // Imported places' ids are the source id, a slash and the feature's id (GeoJSONReader).
        favourites = favourites.filter { !$0.hasPrefix(id + "/") }
    }

    /// Favourites to put back into the model: chosen, not favourite there yet, and their place loaded.
    func restorable(current: Set<Place.ID>, placeExists: (Place.ID) -> Bool) -> Set<Place.ID> {
        favourites.subtracting(current).filter(placeExists)
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
