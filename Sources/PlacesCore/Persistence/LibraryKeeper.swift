import Foundation
import Multicast

/// Keeps the library (`library.json`): the favourites the person chose, also while their places are
/// not loaded (the model only holds favourites of loaded places); every imported file, also one that
/// failed to load, until the person removes it; their own places and collections. It hears every
/// change of `PlacesModel`, and writes the library whenever what it keeps changed, so a crash loses
/// at most the change being written.
///
/// Nothing is written before `restore()`, so an early change never replaces the file unread; what
/// changed before is merged into what was read. Each write merges with what another instance of
/// Places, or another computer sharing the library folder, saved meanwhile, and what it changed is
/// taken in, here and in the model, as one step the person can undo (`ChangesFromElsewhere`).
///
/// The library is kept in the standard place (`FileLibraryStore`) or in a folder the person chose
/// (`SyncFolderLibraryStore`, `move(to:)`), which is watched: what another computer changes shows
/// within moments.
@MainActor
final class LibraryKeeper: PlacesModelDelegate {
    private enum Phase {
        /// `moving`: the library is being joined into another folder; writes wait for it.
        case unread, read, moving, readOnly
    }

    /// What `restore()` found, for the person and for the imports to come.
    struct Restored {
        /// A damaged file kept aside, a file that cannot be used.
        var notice: String?
        /// Remembered files to import again.
        var files: [PlaceSource] = []
        /// Remembered files not found on disk now (they stay remembered).
        var missing: [PlaceSource] = []
    }

    weak var coordinator: (any AppCoordinating)?
    /// Keeps the map files with the library when its folder is shared (`LibraryStore.sharedMapFiles`),
    /// and reads them again when the folder brought another computer's changes.
    weak var mapLayers: MapLayersKeeper?
    private let model: PlacesModel
    private let editor: PlacesEditor
    private var store: any LibraryStore
    private let standardStore: any LibraryStore
    private let storeInFolder: @Sendable (URL) -> any LibraryStore
    /// The folder the library is kept in, when the person chose one.
    private(set) var folder: URL?
    private let watcher: (any FolderWatching)?
    /// What a sync engine writes comes as a burst of events: the folder is read once they stop.
    private let refreshSoon: Debounce
    /// Whether the next write reads the folder even though nothing changed here.
    private var isRefreshAsked = false
    private let saves: SaveQueue
    /// The favourites the person chose, whether or not their places are loaded.
    private(set) var favourites: Set<Place.ID> = []
    /// The imported files, in import order, whether or not they loaded.
    private var sources: [PlaceSource] = [] {
        didSet { sourceIDs = nil }
    }
    /// The ids in `sources`, made again after they change: ten thousand files imported at once ask
    /// whether each is remembered.
    private var sourceIDs: Set<PlaceSource.ID>?
    private var rememberedIDs: Set<PlaceSource.ID> {
        if let sourceIDs { return sourceIDs }
        let ids = Set(sources.map(\.id))
        sourceIDs = ids
        return ids
    }
    private var ownPlaces: [Place.ID: Library.OwnPlace] = [:]
    private var collections: [PlaceCollection] = []
    private var phase = Phase.unread
    /// Files being imported for the first time: remembered only once read to the end, so that a file
    /// that brings Places down halfway (out of memory, say) is not read again at every start.
    private var importing: Set<PlaceSource.ID> = []
    private var batches = 0
    /// What the file held when this instance last read or wrote it: the base of the next merge.
    /// Only handed to the background, never compared on the main actor (a large one costs).
    private var base: Library?
    private lazy var writer: StoreWriter<Pending, Written> = StoreWriter(
        saves: saves,
        snapshot: { [unowned self] in snapshot },
        write: { pending in try Self.write(pending) },
        failureMessage: { tr("Your own places, favourites, collections and imported files could not be saved ({reason}). Your changes stay in this window until Places quits.", ["reason": $0]) },
        finished: { [unowned self] outcome in written(outcome) }
    )

    /// Keeps `model`'s library in `store`, or in a folder's store made by `storeInFolder`, which
    /// `watcher` watches; what comes from elsewhere goes through `editor`.
    init(model: PlacesModel, editor: PlacesEditor, store: any LibraryStore, storeInFolder: @escaping @Sendable (URL) -> any LibraryStore,
         watcher: (any FolderWatching)? = nil, saves: SaveQueue, clock: AppClock = .continuous) {
        self.model = model
        self.editor = editor
        self.store = store
        standardStore = store
        self.storeInFolder = storeInFolder
        self.watcher = watcher
        refreshSoon = Debounce(pause: .milliseconds(250), clock: clock)
        self.saves = saves
        model.delegates += self
    }

    /// Reads the library from `folder` (chosen earlier) rather than the standard place: call before `restore()`.
    func use(folder: URL) {
        guard phase == .unread else { return }
        self.folder = folder
        store = storeInFolder(folder)
    }

    /// Reads the store off the main thread (and checks which remembered files are on disk), merges
    /// what changed before, and puts the own places, collections and loaded favourites in the model.
    func restore() async -> Restored {
        guard phase == .unread else { return Restored() }
        let store = self.store
        let (loaded, missing, alternatives) = await Task.detached(priority: .userInitiated) {
            let loaded = Result { try store.load() }
            let sources = (try? loaded.get().value?.sources) ?? []
            let missing = sources.filter { !FileName.exists($0.path ?? "") }.map(\.id)
            return (loaded, Set(missing), store.alternatives())
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
            base = stored
            phase = .read
            watchFolder()
            mapLayers?.follow(store.sharedMapFiles)
            putInModel()
            model.setAlternatives(alternatives)
            writer.request()  // only writes if something changed before the file was read (a file opened at launch)
            let inModel = Set(model.sources.map(\.id))
            let remembered = sources.filter { !inModel.contains($0.id) }
            return Restored(notice: loaded.notice, files: remembered.filter { !missing.contains($0.id) },
                            missing: remembered.filter { missing.contains($0.id) })
        case .failure(let error):
            phase = .readOnly
            return Restored(notice: "\(error) " + tr("Until Places restarts, no own place, favourite, collection or imported file you add or change is kept."))
        }
    }

    /// False once the library file turned out unusable: nothing changed this session is kept.
    var keepsChanges: Bool { phase != .readOnly }

    /// The own places, the collections, and the favourites among the places loaded.
    private func putInModel() {
        let own = ownPlaces.values.map(\.place)
        if !own.isEmpty { model.add(own, from: .mine) }
        model.setCollections(collections)
        let loaded = favourites.filter { model.places.place(withID: $0) != nil }
        model.batch { loaded.forEach { model.setFavourite($0, true) } }
    }

    /// The library as it is now, remembered files whose file is missing included: what a backup holds.
    var library: Library {
        Library(favourites: Array(favourites), sources: sources, places: Array(ownPlaces.values), collections: collections)
    }

    /// The ids among `places` that the person starred, loaded or not.
    func rememberedFavourites(among places: [Place]) -> Set<Place.ID> {
        Set(places.lazy.map(\.id).filter(favourites.contains))
    }

    /// `source`'s file is being imported for the first time: it is not remembered yet.
    func importWillStart(_ source: PlaceSource.ID) {
        importing.insert(source)
    }

    /// `source`'s import ended: remembered if it brought its places, forgotten if it was abandoned.
    /// Written at once, or at the end of the batch of files it came in.
    func importDidEnd(_ source: PlaceSource) {
        guard importing.remove(source.id) != nil, model.hasSource(source.id), !source.isBundled, source.path != nil,
              !rememberedIDs.contains(source.id) else { return }
        remember([source])
        if batches == 0 { writer.request() }
    }

    /// Several files are being imported together: the library is written once they all are, not
    /// after each (ten thousand writes of a library growing to ten thousand files).
    func batchWillStart() {
        batches += 1
    }

    func batchDidEnd() {
        batches -= 1
        if batches == 0 { writer.request() }
    }

    /// Forgets an imported file that is not loaded (its file is missing) and the favourites among its places.
    func forget(source id: PlaceSource.ID) {
        forgetSource(id)
        writer.request()
    }

    func placesDidChange(_ change: PlacesChange) {
        if note(change) { writer.request() }
    }

    /// Notes what `change` did to what the library keeps, and says whether it did anything: a new
    /// favourite is kept; a favourite removed while its place is still loaded was the person's choice
    /// and is forgotten (one whose place went away stays); a newly imported file is remembered, in
    /// order, and a removed one forgotten; own places are kept as they now are. A portion of a file
    /// being read changes nothing kept here, and writes nothing.
    private func note(_ change: PlacesChange) -> Bool {
        var changed = false
        for id in change.sourcesRemoved where id != PlaceSource.mineID && rememberedIDs.contains(id) {
            forgetSource(id)
            changed = true
        }
        let kept = favourites.count
        favourites.formUnion(change.favouritesAdded)
        changed = changed || favourites.count != kept
        for id in change.favouritesRemoved where model.places.place(withID: id) != nil {
            changed = favourites.remove(id) != nil || changed
        }
        if change.sourcesChanged, rememberNewSources() { changed = true }
        if !change.collectionsChanged.isEmpty {
            collections = model.collections
            changed = true
        }
        for (_, place) in change.removed where place.isOwn {
            ownPlaces[place.id] = nil
            changed = true
        }
        let places = model.places
        for slots in [change.added, change.updated] {
            for slot in places.ownSlots(among: slots) {
                if let place = places[slot] { ownPlaces[place.id] = Library.OwnPlace(place) }
                changed = true
            }
        }
        return changed
    }

    /// Remembers the model's files not remembered yet, in order, except those still being imported;
    /// says whether there were any.
    private func rememberNewSources() -> Bool {
        let known = rememberedIDs
        let new = model.sources.filter { !$0.isBundled && $0.path != nil && !known.contains($0.id) && !importing.contains($0.id) }
        remember(new)
        return !new.isEmpty
    }

    /// Adds `new` (not remembered yet) to the files remembered, keeping the ids in step.
    private func remember(_ new: [PlaceSource]) {
        guard !new.isEmpty else { return }
        var ids = rememberedIDs
        sourceIDs = nil  // `ids` alone holds the set: it grows in place
        ids.formUnion(new.map(\.id))
        // What a file says about itself is read with it, not kept: the library compares equal to its file.
        sources += new.map { PlaceSource(id: $0.id, title: $0.title, path: $0.path) }
        sourceIDs = ids
    }

    private func forgetSource(_ id: PlaceSource.ID) {
        sources.removeAll { $0.id == id }
        // Imported places' ids are the source id, a slash and the feature's id (FeatureMaker).
        favourites = favourites.filter { !$0.hasPrefix(id + "/") }
    }

    // MARK: The folder

    /// Keeps the library in `folder` from now on (nil: the standard place), joined with a library
    /// already kept there (another computer's): both are kept whole. Returns what the person is told.
    func move(to folder: URL?) async -> Message {
        let place = folder?.path ?? tr("the standard folder")
        guard phase == .read else {
            return .error(tr("Your library could not be moved to {folder}: it could not be read, so it is not kept anywhere until Places restarts.", ["folder": place]))
        }
        await saves.finished()
        // Changes made while it moves are written once it has, into the new folder.
        phase = .moving
        defer {
            phase = .read
            writer.request()
        }
        let library = self.library
        let target = folder.map(storeInFolder) ?? standardStore
        let result = await Task.detached(priority: .userInitiated) {
            Result { () throws -> Saved<Library> in
                if let folder { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
                // A library there that cannot be used is left alone (the load says why).
                _ = try target.load()
                return try target.save(library, base: nil)
            }
        }.value
        switch result {
        case .failure(let error):
            return .error(tr("Your library could not be moved to {folder} ({reason}). It stays where it was.",
                             ["folder": place, "reason": FileProblem.reason(of: error)]))
        case .success(let saved):
            store = target
            self.folder = folder
            base = saved.value
            watchFolder()
            mapLayers?.follow(target.sharedMapFiles)
            model.setAlternatives(target.alternatives())
            // What the folder held joins the library as it is, not as a step: undoing it would delete
            // another computer's places everywhere.
            takeIn(ChangesFromElsewhere(sent: library, stored: saved.value), computers: saved.computers, joining: true)
            let kept = saved.value
            let counts = trPlural("{count} own place", "{count} own places", count: kept.places.count, ["count": String(kept.places.count)])
                + ", " + trPlural("{count} favourite", "{count} favourites", count: kept.favourites.count, ["count": String(kept.favourites.count)])
                + ", " + trPlural("{count} collection", "{count} collections", count: kept.collections.count, ["count": String(kept.collections.count)])
            if folder == nil {
                return .notice(Notice(tr("Your library is kept in the standard folder again ({counts}).", ["counts": counts])))
            }
            return .notice(Notice(tr("Your library is now kept in {folder} ({counts}). Choose the same folder in Places on your other computers.",
                                     ["folder": place, "counts": counts])))
        }
    }

    /// Keeps what the own place `id` shows instead of `alternative` (written in the background, after
    /// any save under way); the card then offers it no more.
    func keepShown(_ id: Place.ID, instead alternative: PlaceAlternative) {
        let store = self.store
        saves.run({ () -> [Place.ID: [PlaceAlternative]]? in
            do {
                try store.keepShown(id, instead: alternative)
                return store.alternatives()
            } catch {
                return nil
            }
        }, then: { [weak self] alternatives in
            guard let self else { return }
            if let alternatives { model.setAlternatives(alternatives) } else {
                coordinator?.handle(.tell(.error(tr("What “{name}” shows could not be kept: the library folder could not be written.",
                                                    ["name": model.places.place(withID: id)?.shownName ?? id]))))
            }
        })
    }

    /// Reads the folder again soon: a sync engine brought changes.
    func folderDidChange() {
        refreshSoon.request { [weak self] in
            guard let self, phase == .read, folder != nil else { return }
            isRefreshAsked = true
            writer.request()
        }
    }

    private func watchFolder() {
        watcher?.watch(folder) { [weak self] in self?.folderDidChange() }
    }

    // MARK: Writing

    /// What one write needs: the library as this instance has it, in pieces (built in the background:
    /// sorting a large library's favourites takes a while), and the base of the merge.
    private struct Pending: Sendable {
        var favourites: Set<Place.ID>
        var sources: [PlaceSource]
        var places: [Place.ID: Library.OwnPlace]
        var collections: [PlaceCollection]
        var base: Library?
        var store: any LibraryStore
        /// Read the store even if nothing changed here (the folder changed).
        var refresh: Bool
    }

    /// What one background write did: nothing (no change since `base`), or saved what the file now
    /// holds, with what differs from what was sent.
    private enum Written: Sendable {
        case unchanged
        case saved(Saved<Library>, elsewhere: ChangesFromElsewhere, alternatives: [Place.ID: [PlaceAlternative]])
    }

    private var snapshot: Pending? {
        guard phase == .read else { return nil }
        defer { isRefreshAsked = false }
        return Pending(favourites: favourites, sources: sources, places: ownPlaces, collections: collections, base: base, store: store,
                       refresh: isRefreshAsked)
    }

    private nonisolated static func write(_ pending: Pending) throws -> Written {
        let mine = Library(favourites: Array(pending.favourites), sources: pending.sources, places: Array(pending.places.values),
                           collections: pending.collections)
        if mine == pending.base, !pending.refresh { return .unchanged }
        let stored = try pending.store.save(mine, base: pending.base)
        return .saved(stored, elsewhere: ChangesFromElsewhere(sent: mine, stored: stored.value), alternatives: pending.store.alternatives())
    }

    private func written(_ outcome: StoreWriter<Pending, Written>.Outcome) {
        switch outcome {
        case .written(.unchanged), .failedAgain:
            break
        case .written(.saved(let stored, let elsewhere, let alternatives)):
            base = stored.value
            model.setAlternatives(alternatives)
            if let notice = stored.notice { coordinator?.handle(.tell(.error(notice))) }
            takeIn(elsewhere, computers: stored.computers)
            if !stored.computers.isEmpty { mapLayers?.folderWasRead(computers: stored.computers) }
        case .failed(let message, _):
            coordinator?.handle(.tell(.error(message)))
        }
    }

    /// Takes in what another instance or computer saved (the store holds it, this instance did not
    /// send it): here, and in the model as one step of the undo history; the files it imported are
    /// imported here too.
    /// `joining`: the library of a folder it moved into, taken in without a step or a message of its own.
    private func takeIn(_ elsewhere: ChangesFromElsewhere, computers: [String], joining: Bool = false) {
        guard !elsewhere.isEmpty else { return }
        let told = joining ? nil : elsewhere.message(shown: model.places, computers: computers)
        favourites.formUnion(elsewhere.favouritesAdded)
        favourites.subtract(elsewhere.favouritesRemoved)
        sources.removeAll { elsewhere.sourcesRemoved.contains($0.id) }
        sources += elsewhere.sourcesAdded
        for place in elsewhere.placesChanged { ownPlaces[place.id] = Library.OwnPlace(place) }
        for id in elsewhere.placesRemoved { ownPlaces[id] = nil }
        if let stored = elsewhere.collections { collections = stored }
        elsewhere.removeSources(from: model)
        let edit = elsewhere.edit(in: model)
        if let edit { editor.takeIn(edit, undoable: !joining) }
        if let told { coordinator?.handle(.tell(.notice(Notice(told, action: edit == nil ? nil : .undo)))) }
        let files = elsewhere.sourcesAdded.filter { $0.path != nil }
        if !files.isEmpty { coordinator?.handle(.importRemembered(files)) }
    }
}
