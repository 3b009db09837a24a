import Foundation

/// What the app keeps in the library and when it saves it. It remembers the favourites the person
/// chose, also while their places are not loaded (the model only holds favourites of loaded places),
/// every imported file, also one that failed to load, until the person removes it, and the person's
/// own places and collections. Every change is saved as soon as it is made (in the background), so a crash loses at
/// most the change being written.
///
/// Nothing is saved before `load()`, so an early change never replaces the file unread; what changed
/// before is merged into what was loaded. Saves run in the background, one at a time: changes made
/// while one is under way go into the next. Each save merges with what another instance of Places
/// saved meanwhile (`Library.merged`), and the keeper takes those changes in as well.
@MainActor
final class LibraryKeeper {
    private enum Phase {
        case unloaded, loaded, readOnly
    }

    /// What `load()` found.
    struct Restored {
        /// For the person: a damaged file kept aside, a file that cannot be used.
        var notice: String?
        /// Remembered files not found on disk now.
        var missing: Set<PlaceSource.ID> = []
    }

    /// What another instance saved, learnt while saving: apply it to the model.
    struct ChangesFromElsewhere: Equatable, Sendable {
        var favouritesAdded: Set<Place.ID> = []
        var favouritesRemoved: Set<Place.ID> = []
        var sourcesAdded: [PlaceSource] = []
        var sourcesRemoved: Set<PlaceSource.ID> = []
        /// Own places added or changed elsewhere.
        var placesChanged: [Place] = []
        var placesRemoved: Set<Place.ID> = []
        /// The collections as they are now, when another instance changed them.
        var collections: [PlaceCollection]?

        var isEmpty: Bool { self == ChangesFromElsewhere() }
    }

    /// How a save went.
    enum SaveOutcome {
        case saved(ChangesFromElsewhere)
        /// For the person; reported for the first failure only (a later success re-arms it).
        case failed(String)
        case failedAgain
    }

    private let store: any LibraryStore
    private let saves: SaveQueue
    /// The favourites the person chose, whether or not their places are loaded.
    private(set) var favourites: Set<Place.ID> = []
    /// The imported files, in import order, whether or not they loaded.
    private(set) var sources: [PlaceSource] = []
    /// The person's own places, by id.
    private(set) var ownPlaces: [Place.ID: Library.OwnPlace] = [:]
    /// The person's collections, as the model has them.
    private(set) var collections: [PlaceCollection] = []
    private var phase = Phase.unloaded
    /// What the file held when this instance last read or wrote it: the base of the next merge.
    /// Only handed to the background, never compared on the main actor (a large one costs).
    private var saved: Library?
    private var isWriting = false
    private var needsWrite = false
    private var hasReportedSaveFailure = false
    private var onSaved: (SaveOutcome) -> Void = { _ in }

    init(store: any LibraryStore, saves: SaveQueue) {
        self.store = store
        self.saves = saves
    }

    /// Reads the store off the main thread (and checks which remembered files are on disk) and merges
    /// what changed before.
    func load() async -> Restored {
        guard phase == .unloaded else { return Restored() }
        let store = self.store
        let (loaded, missing) = await Task.detached(priority: .userInitiated) {
            let loaded = Result { try store.load() }
            let sources = (try? loaded.get().value?.sources) ?? []
            let missing = sources.filter { !FileManager.default.fileExists(atPath: $0.path ?? "") }.map(\.id)
            return (loaded, Set(missing))
        }.value
        switch loaded {
        case .success(let loaded):
            let stored = loaded.value ?? .empty
            favourites.formUnion(stored.favourites)
            for place in stored.places where ownPlaces[place.id] == nil { ownPlaces[place.id] = place }
            let made = Set(collections.map(\.id))
            collections = stored.collections.filter { !made.contains($0.id) } + collections
            let known = Set(stored.sources.map(\.id))
            sources = stored.sources + sources.filter { !known.contains($0.id) }
            saved = stored
            phase = .loaded
            return Restored(notice: loaded.notice, missing: missing)
        case .failure(let error):
            phase = .readOnly
            return Restored(notice: "\(error) " + tr("Changes to favourites and imported files will not be saved until Places restarts."))
        }
    }

    /// Notes a change of `model`: a new favourite is kept; a favourite removed while its place is still
    /// loaded was the person's choice and is forgotten (one whose place went away stays); a newly
    /// imported file is remembered, in order, and a removed one forgotten; own places are kept as they
    /// now are.
    func note(_ change: PlacesChange, in model: PlacesModel) {
        for id in change.sourcesRemoved where id != PlaceSource.mineID { forget(source: id) }
        favourites.formUnion(change.favouritesAdded)
        for id in change.favouritesRemoved where model.places.place(withID: id) != nil {
            favourites.remove(id)
        }
        if change.sourcesChanged {
            let known = Set(sources.map(\.id))
            sources += model.sources.filter { !$0.isBundled && $0.path != nil && !known.contains($0.id) }
        }
        if !change.collectionsChanged.isEmpty { collections = model.collections }
        for (_, place) in change.removed where place.isOwn { ownPlaces[place.id] = nil }
        let places = model.places
        for slots in [change.added, change.updated] {
            for slot in slots {
                if places.read(slot, \.isOwn) == true, let place = places[slot] { ownPlaces[place.id] = Library.OwnPlace(place) }
            }
        }
    }

    /// Forgets an imported file and the favourites among its places, loaded or not.
    func forget(source id: PlaceSource.ID) {
        sources.removeAll { $0.id == id }
        // Imported places' ids are the source id, a slash and the feature's id (GeoJSONReader).
        favourites = favourites.filter { !$0.hasPrefix(id + "/") }
    }

    /// Saves the library in the background if it differs from what was saved; `then` hears how each
    /// save went. The main actor only hands over copies of the sets: building the document, comparing
    /// it with the last one, merging and writing all happen in the background.
    func save(then: @escaping (SaveOutcome) -> Void) {
        onSaved = then
        guard phase == .loaded else { return }
        guard !isWriting else {
            needsWrite = true
            return
        }
        let store = self.store, base = saved
        let favourites = self.favourites, sources = self.sources, places = self.ownPlaces, collections = self.collections
        isWriting = true
        needsWrite = false
        saves.run({
            // Built here, not on the main actor: sorting a large library's favourites takes a while.
            let mine = Library(favourites: Array(favourites), sources: sources, places: Array(places.values), collections: collections)
            return Self.write(mine, base: base, to: store)
        }) { [weak self] result in
            self?.finishWrite(result)
        }
    }

    /// What one background write did: nothing (no change since `base`), or saved what the file now
    /// holds, with what differs from what was sent.
    private enum Written: Sendable {
        case unchanged
        case saved(Library, elsewhere: ChangesFromElsewhere)
    }

    private nonisolated static func write(_ mine: Library, base: Library?, to store: any LibraryStore) -> Result<Written, any Error> {
        Result {
            if mine == base { return .unchanged }
            let stored = try store.save(mine, base: base)
            let favourites = Set(mine.favourites), storedFavourites = Set(stored.favourites)
            let sentSources = Set(mine.sources.map(\.id)), storedSources = Set(stored.sources.map(\.id))
            let sentPlaces = Dictionary(mine.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return .saved(stored, elsewhere: ChangesFromElsewhere(
                favouritesAdded: storedFavourites.subtracting(favourites),
                favouritesRemoved: favourites.subtracting(storedFavourites),
                sourcesAdded: stored.sources.filter { !sentSources.contains($0.id) },
                sourcesRemoved: sentSources.subtracting(storedSources),
                placesChanged: stored.places.filter { sentPlaces[$0.id] != $0 }.map(\.place),
                placesRemoved: Set(sentPlaces.keys).subtracting(stored.places.map(\.id)),
                collections: stored.collections == mine.collections ? nil : stored.collections
            ))
        }
    }

    private func finishWrite(_ result: Result<Written, any Error>) {
        isWriting = false
        switch result {
        case .success(.unchanged):
            break
        case .success(.saved(let stored, let elsewhere)):
            saved = stored
            hasReportedSaveFailure = false
            takeIn(elsewhere)
            onSaved(.saved(elsewhere))
        case .failure(let error):
            defer { hasReportedSaveFailure = true }
            onSaved(hasReportedSaveFailure ? .failedAgain
                : .failed(tr("Your favourites and imported files could not be saved ({reason}). Changes are kept until Places quits.", ["reason": "\(error)"])))
        }
        // Changes made while writing go into the next write (after a failure too: a later change
        // tries again, as a retry would fail the same way).
        if needsWrite { save(then: onSaved) }
    }

    /// Takes in what another instance saved (the file holds it, this instance did not send it).
    private func takeIn(_ elsewhere: ChangesFromElsewhere) {
        guard !elsewhere.isEmpty else { return }
        favourites.formUnion(elsewhere.favouritesAdded)
        favourites.subtract(elsewhere.favouritesRemoved)
        sources.removeAll { elsewhere.sourcesRemoved.contains($0.id) }
        sources += elsewhere.sourcesAdded
        for place in elsewhere.placesChanged { ownPlaces[place.id] = Library.OwnPlace(place) }
        for id in elsewhere.placesRemoved { ownPlaces[id] = nil }
        if let stored = elsewhere.collections { collections = stored }
    }
}
