import Foundation
import Multicast

/// Owns the models and every tab's view-model, and drives the window through `Shell`: which tab is
/// shown, whether the place card is up (exactly when a place is selected and the editor is not), the
/// place editor, errors and notices, and the dialogs behind actions. Every change the person makes to
/// the places goes through `editor`, which keeps the undo history. Requests reach it one way,
/// `handle(_:)`, from the window and the view-models alike.
///
/// The screen is derived from state in one place (`screen`) and handed to the shell whole; output
/// requested while the shell is handling earlier output (a shell callback asking for a tab, say) is
/// queued and delivered in order once that finishes: never lost, never re-entered.
@MainActor
public final class AppCoordinator: AppCoordinating, PlacesModelDelegate, ProfileModelDelegate {
    public let placesModel: PlacesModel
    public let profileModel: ProfileModel
    /// The raster maps over the base map (map files, online tiles).
    public let mapLayers = MapLayersModel()
    public let map: MapViewModel
    public let list: PlacesListViewModel
    public let profile: ProfileViewModel
    public let card: PlaceCardViewModel
    /// Makes the person's changes to the places and keeps them for undo.
    public let editor: PlacesEditor
    /// The place editor's session while it is up.
    public private(set) var editing: PlaceEditorViewModel?
    /// Reads imports off the main thread; its `activity` says what is being read.
    public let files = PlaceFiles()
    /// Writes the profile and the library off the main thread; the app stays alive while it does.
    public let saves: SaveQueue
    public private(set) var currentTab: Tab = .map {
        didSet { if currentTab != oldValue { card.send(.shownOn(currentTab)) } }
    }

    private let library: LibraryKeeper
    private let mapKeeper: MapLayersKeeper
    /// Map layers removed, kept for their notice's Undo.
    private var removedLayers: [MapLayer.ID: (layer: MapLayer, index: Int)] = [:]
    private let numbers: LocalizedNumbers
    private let trace: ModelTrace?
    private weak var shell: (any Shell)?
    private var shownScreen: Screen?
    private var pending: [Output] = []
    private var isDelivering = false
    private var errorsBeforeStart: [String] = []

    private enum Output {
        case screen
        case error(String)
        case notice(String, action: Notice.Action?)
    }

    /// Creates every tab's view-model over the two models; the library is read by `restoreLibrary()`.
    public init(
        placesModel: PlacesModel, profileModel: ProfileModel, library: any LibraryStore = InMemoryLibraryStore(),
        saves: SaveQueue = SaveQueue(), log: (any EventLog)? = nil, locale: Locale = .current,
        mapSettings: any MapSettingsStore = InMemoryMapSettingsStore(), onlineTileSource: OnlineTileSourceMaker? = nil
    ) {
        self.placesModel = placesModel
        self.profileModel = profileModel
        self.saves = saves
        self.library = LibraryKeeper(store: library, saves: saves)
        mapKeeper = MapLayersKeeper(model: mapLayers, store: mapSettings, saves: saves, makeOnlineSource: onlineTileSource)
        numbers = LocalizedNumbers(locale: locale)
        trace = log.map { ModelTrace(log: $0, places: placesModel, profile: profileModel) }
        editor = PlacesEditor(model: placesModel)
        map = MapViewModel(model: placesModel, layers: mapLayers)
        list = PlacesListViewModel(model: placesModel, profile: profileModel, locale: locale)
        profile = ProfileViewModel(profile: profileModel)
        card = PlaceCardViewModel(places: placesModel, profile: profileModel, locale: locale)
        placesModel.delegates += self
        profileModel.delegates += self
        list.coordinator = self
        card.coordinator = self
        map.coordinator = self
        mapKeeper.report = { [weak self] message in self?.report(error: message) }
    }

    /// Paces the main thread's long work to the window's frames: the portions of a file being read,
    /// and the index snapshots the map and the list put in place while it grows. `nextFrame` waits
    /// for the window's next painted frame and says how many seconds the work after it may take.
    public func pace(to nextFrame: @escaping @MainActor () async -> Double) {
        files.pace = nextFrame
        map.afterFrame = { _ = await nextFrame() }
        list.afterFrame = { _ = await nextFrame() }
    }

    /// Attaches the window and shows the current state in it, with anything reported before.
    public func start(in shell: any Shell) {
        self.shell = shell
        deliver(.screen)
        errorsBeforeStart.forEach { deliver(.error($0)) }
        errorsBeforeStart = []
    }

    /// The window's place is `screen`: the current tab, and the card whenever a place is selected,
    /// unless the editor is up in its place or the Profile tab is shown.
    public var screen: Screen {
        // The card and the editor stand under the map and the list, never over the profile form.
        let bottomIsFree = currentTab != .profile
        return Screen(tab: currentTab, showsCard: bottomIsFree && placesModel.selectedItem != nil && editing == nil,
                      showsEditor: bottomIsFree && editing != nil)
    }

    public func handle(_ request: AppRequest) {
        switch request {
        case .show(let tab):
            currentTab = tab
            deliver(.screen)
        case .tabShown(let tab):
            currentTab = tab
            shownScreen?.tab = tab  // the window shows it already
            deliver(.screen)  // with the card or editor up or down as the tab wants
        case .perform(let action):
            perform(action)
        case .importFiles(let paths):
            Task { await open(paths) }
        case .cancelImport:
            files.cancel()
        case .removeSource(let id):
            guard id != PlaceSource.bundledID, id != PlaceSource.mineID else { return }
            if let title = placesModel.sources.first(where: { $0.id == id })?.title {
                editor.removeSource(id)
                deliver(.notice(tr("“{file}” removed", ["file": title]), action: .undo))
            } else {
                library.forget(source: id)  // remembered, but not loaded (its file is missing): nothing to undo
                saveLibrary()
            }
        case .export(let export):
            shell?.chooseDestination(for: export) { [weak self] path in self?.write(export, to: path) }
        case .newPlace(let coordinate):
            let place = Place(id: PlacesEditor.newID(), name: "", category: .other(""), coordinate: coordinate ?? map.camera.center,
                              source: PlaceSource.mineID)
            startEditing(place, isNew: true)
        case .edit(let id):
            guard let place = placesModel.places.place(withID: id) else { return }
            guard place.isOwn else {
                deliver(.notice(tr("“{name}” is not one of your places. Copy it to My Places to edit it.", ["name": place.shownName]), action: nil))
                return
            }
            startEditing(place, isNew: false)
        case .finishEditing(let place):
            let isNew = editing?.isNew ?? false
            editing = nil
            map.send(.edit(nil))
            if let place, editor.save(place) != nil, isNew {
                deliver(.notice(tr("“{name}” added to My Places", ["name": place.shownName]), action: .undo))
            }
            deliver(.screen)
        case .delete(let id):
            guard let place = placesModel.places.place(withID: id) else { return }
            if editor.delete(id) != nil {
                deliver(.notice(tr("“{name}” deleted", ["name": place.shownName]), action: .undo))
            } else {
                deliver(.notice(tr("“{name}” is not one of your places and cannot be deleted.", ["name": place.shownName]), action: nil))
            }
        case .copyToMine(let id):
            if let copy = editor.copyToMine(id) {
                deliver(.notice(tr("“{name}” copied to My Places", ["name": copy.shownName]), action: .undo))
            }
        case .setFavourite(let id, let isFavourite):
            editor.setFavourite(id, isFavourite)
        case .openLink(let link):
            shell?.openLink(link)
        case .showAlone(let section, let title):
            map.send(.showAlone(section, title: title))
            if section != nil { handle(.show(.map)) }
        case .newCollection(let place):
            shell?.askForName(NameQuestion(title: tr("New Collection"), confirm: tr("_Create"))) { [weak self] name in
                guard let self, self.editor.createCollection(named: name, with: place.map { [$0] } ?? []) != nil else { return }
                self.deliver(.notice(tr("Collection “{name}” created", ["name": name.clipped(to: 80)]), action: .undo))
            }
        case .renameCollection(let id):
            guard let collection = placesModel.collections.first(where: { $0.id == id }) else { return }
            shell?.askForName(NameQuestion(title: tr("Rename Collection"), confirm: tr("_Rename"), initial: collection.name)) { [weak self] name in
                self?.editor.renameCollection(id, to: name)
            }
        case .deleteCollection(let id):
            if let collection = editor.deleteCollection(id) {
                deliver(.notice(tr("Collection “{name}” deleted", ["name": collection.name.clipped(to: 80)]), action: .undo))
            }
        case .noticeAction(.undo):
            step(redo: false)
        case .noticeAction(.show(let section)):
            map.send(.fit(section))
            list.send(.reveal(section))
            handle(.show(.map))
        case .noticeAction(.details(let details)):
            shell?.showDetails(details)
        case .noticeAction(.restoreMapLayer(let id)):
            if let removed = removedLayers.removeValue(forKey: id) { mapLayers.put(removed.layer, at: removed.index) }
        case .removeMapLayer(let id):
            guard let removed = mapLayers.remove(id) else { return }
            removedLayers = [id: removed]  // only the last one: its notice is the one up
            deliver(.notice(tr("Map “{name}” removed", ["name": removed.layer.title.clipped(to: 80)]), action: .restoreMapLayer(id)))
        case .tilesFailed(let layer, let reason):
            deliver(.notice(tr("Map “{name}”: {reason}.", ["name": layer.clipped(to: 80), "reason": reason]),
                            action: nil))
        case .setMember(let place, let collection, let isMember):
            editor.setMember(place, of: collection, isMember)
        }
    }

    public func placesDidChange(_ change: PlacesChange) {
        if change.selectionChanged { deliver(.screen) }
        if change.favouritesChanged || change.sourcesChanged || change.placesChanged || !change.collectionsChanged.isEmpty {
            library.note(change, in: placesModel)
            saveLibrary()
        }
    }

    public func profileDidChange(_ change: ProfileChange) {
        if change.outcome == .saved { deliver(.notice(tr("Profile saved"), action: nil)) }
    }

    /// Tells the person `message` (a file that could not be read, a folder that is not writable).
    public func report(error message: String) {
        guard shell != nil else {
            errorsBeforeStart.append(message)  // nothing to show it in yet: shown by start(in:)
            return
        }
        deliver(.error(message))
    }

    // MARK: Loading

    /// Opens files the person gave: map files (known by their content, or named `.mbtiles` or
    /// `.pmtiles`, so that a broken one is reported as a map) become layers; the others are imported
    /// as places.
    public func open(_ paths: [String]) async {
        let isMap = await Task.detached(priority: .userInitiated) { paths.map(TileArchives.isMapFile) }.value
        let maps = zip(paths, isMap).filter(\.1).map(\.0)
        for path in maps { await openMap(path) }
        let places = zip(paths, isMap).filter { !$0.1 }.map(\.0)
        if !places.isEmpty { await importFiles(places) }
    }

    /// Shows the map file at `path` over the base map, glides to it and says so; one that cannot be
    /// shown is reported, and the layers stay as they were.
    private func openMap(_ path: String) async {
        let layer = await MapLayersKeeper.open(path)
        let file = URL(fileURLWithPath: path).lastPathComponent
        guard let metadata = layer.metadata else {
            report(error: tr("Could not open the map {file}: {reason}.", ["file": file, "reason": layer.problem ?? ""]))
            return
        }
        mapLayers.put(layer)
        map.send(.fitArea(metadata.bounds, maximumZoom: Double(max(metadata.minZoom, min(metadata.maxZoom, 12)))))
        deliver(.notice(tr("Showing the map “{name}” (levels {min}–{max})",
                           ["name": layer.title.clipped(to: 80), "min": String(metadata.minZoom), "max": String(metadata.maxZoom)]), action: nil))
    }

    /// Restores the map's layers as the person left them (their files opened off the main thread),
    /// reporting files that cannot be shown now.
    public func restoreMap() async {
        for notice in await mapKeeper.restore() { report(error: notice) }
    }

    /// Uses the tile server of `template` for this run only (`--tile-url`); the preference is kept.
    public func useOnlineTiles(_ template: String) {
        mapKeeper.useOnlineForThisRun(template)
    }

    /// Shows the bundled places (read off the main thread by the caller, in `milliseconds`).
    public func show(bundled places: ImportResult, milliseconds: Double) {
        placesModel.add(places.places, from: .bundled)
        trace?.loaded(source: PlaceSource.bundled.title, places: places.places.count,
                      skipped: places.skippedFeatures, milliseconds: milliseconds)
    }

    /// Hands the bundled cities to the tabs that name them (read off the main thread by the caller).
    public func show(cities: CityDirectory) {
        profile.send(.cities(cities))
        map.send(.baseCities(cities.cities))
    }

    /// Restores what the person kept between launches: the remembered favourites come back as their
    /// places load, and each remembered file is imported again. Remembered files that are gone are
    /// reported and stay remembered (they may be on a drive not mounted now) until they are removed.
    /// Call it once the bundled places are shown.
    public func restoreLibrary() async {
        let restored = await library.load()
        if let notice = restored.notice { report(error: notice) }
        let ownPlaces = library.ownPlaces.values.map(\.place)
        if !ownPlaces.isEmpty { placesModel.add(ownPlaces, from: .mine) }
        placesModel.setCollections(library.collections)
        let restorable = library.favourites.filter { placesModel.places.place(withID: $0) != nil }
        placesModel.batch { restorable.forEach { placesModel.setFavourite($0, true) } }
        saveLibrary()  // only writes if something changed before the load (a file opened at launch)
        let loaded = Set(placesModel.sources.map(\.id))
        let remembered = library.sources.filter { !loaded.contains($0.id) }
        let missing = remembered.filter { restored.missing.contains($0.id) }
        if !missing.isEmpty { report(error: notFound(missing)) }
        await importFiles(remembered.filter { !restored.missing.contains($0.id) }.compactMap(\.path), undoable: false)
    }

    /// "a.geojson and b.geojson were not found…", naming at most three files and counting the rest.
    private func notFound(_ sources: [PlaceSource]) -> String {
        let shown = 3
        let names = sources.prefix(shown).map { $0.title.clipped(to: 80) }
        let files: String
        if sources.count == 1 {
            return tr("{file} was not found at {path}. It stays remembered and loads again once it is back; remove it from the Places list to forget it.",
                      ["file": names[0], "path": sources[0].path ?? sources[0].title])
        } else if sources.count <= shown {
            files = tr("{files} and {last} were not found.", ["files": names.dropLast().joined(separator: ", "), "last": names.last!])
        } else {
            files = tr("{count} imported files were not found, among them {files}.",
                       ["count": numbers.count(sources.count), "files": names.joined(separator: ", ")])
        }
        return files + " " + tr("They stay remembered and load again once they are back; remove them from the Places list to forget them.")
    }

    /// Imports files as sources, each read off the main thread. A file read for the first time is
    /// added portion by portion as it is read, the favourites remembered among its places marked, and
    /// becomes one step of the undo history when the person asked for it (`undoable`; not for files the
    /// app restores by itself, which are not announced either); one imported again keeps its places
    /// until the new ones are all read, then changes in one step. A file that cannot be read, or whose
    /// import is cancelled, leaves nothing behind and is reported; features that were skipped are told
    /// with their reasons (`ImportReport`).
    public func importFiles(_ paths: [String], undoable: Bool = true) async {
        var replacing = false
        var held: [Place] = []
        var streamed: Set<PlaceSource.ID> = []
        let skipped = await files.read(paths) { delivery in
            switch delivery {
            case .started(let source):
                replacing = placesModel.sources.contains { $0.id == source.id }
                held = []
            case .places(let places, let source, let more):
                if replacing {
                    held += places
                } else {
                    streamed.insert(source.id)
                    editor.importPortion(places, from: source, favourites: rememberedFavourites(among: places), expectingMore: more)
                }
            case .finished(let reading):
                finishImport(reading, replacing: replacing ? held : nil, undoable: undoable)
                held = []
            }
        }
        for source in skipped where streamed.contains(source.id) { editor.abandonImport(of: source.id) }
        if !skipped.isEmpty {
            let more = skipped.count - 1
            report(error: more == 0
                ? tr("Import cancelled: {file} was not imported.", ["file": skipped[0].title])
                : trPlural("Import cancelled: {file} and {count} more file were not imported.",
                           "Import cancelled: {file} and {count} more files were not imported.", count: more,
                           ["file": skipped[0].title, "count": numbers.count(more)]))
        }
    }

    /// Ends the import of one file: with its shapes and the places `held` back when it replaces a
    /// file already loaded, or taking away what portions brought when it could not be read.
    private func finishImport(_ reading: PlaceFiles.Reading, replacing held: [Place]?, undoable: Bool) {
        let source = reading.source
        switch reading.result {
        case .success(let result):
            if let held {
                editor.importPlaces(held, shapes: result.shapes, from: source, favourites: rememberedFavourites(among: held), undoable: undoable)
            } else {
                editor.finishImport(of: source, shapes: result.shapes, undoable: undoable)
            }
            trace?.loaded(source: source.title, places: result.tally.places, skipped: result.skippedFeatures, milliseconds: reading.milliseconds)
            // Files the app restores at launch are not news; what went wrong with them is.
            switch ImportReport(file: source.title, source: source.id, result: result, numbers: numbers).outcome {
            case .notice(let message, let action): if undoable { deliver(.notice(message, action: action)) }
            case .error(let message): report(error: message)
            }
        case .failure(let error):
            if held == nil { editor.abandonImport(of: source.id) }
            report(error: tr("Could not import {file}: {reason}.", ["file": source.title, "reason": "\(error)"]))
        }
    }

    /// The ids among `places` that the library remembers as favourites.
    private func rememberedFavourites(among places: [Place]) -> Set<Place.ID> {
        Set(places.lazy.map(\.id).filter(library.favourites.contains))
    }

    // MARK: Actions

    private func perform(_ action: AppAction) {
        switch action {
        case .showMap: handle(.show(.map))
        case .showPlaces: handle(.show(.places))
        case .showProfile: handle(.show(.profile))
        case .search:
            handle(.show(.places))
            shell?.focusSearch()
        case .save:
            if let editing { editing.send(.save) } else if currentTab == .profile { profile.send(.save) }
        case .closeCard:
            if let editing { editing.send(.cancel) } else { placesModel.select(nil) }
        case .importPlaces: shell?.chooseFilesToImport { [weak self] paths in self?.handle(.importFiles(paths)) }
        case .openMap: shell?.chooseMapFiles { [weak self] paths in self?.handle(.importFiles(paths)) }
        case .exportFavourites:
            let ids = placesModel.places.filter { placesModel.favourites.contains($0.id) }.map(\.id)
            handle(.export(SectionExport(title: tr("Favourites"), fileName: "favourites.geojson", placeIDs: ids)))
        case .newPlace: handle(.newPlace(at: nil))
        case .editPlace: if let id = placesModel.selectedItem { handle(.edit(id)) }
        case .deletePlace: if let id = placesModel.selectedItem { handle(.delete(id)) }
        case .undo: step(redo: false)
        case .redo: step(redo: true)
        case .zoomIn: map.send(.zoom(levels: 1))
        case .zoomOut: map.send(.zoom(levels: -1))
        case .panLeft: map.send(.pan(x: -1, y: 0))
        case .panRight: map.send(.pan(x: 1, y: 0))
        case .panUp: map.send(.pan(x: 0, y: -1))
        case .panDown: map.send(.pan(x: 0, y: 1))
        case .shortcuts: shell?.showShortcuts()
        case .about: shell?.showAbout()
        case .quit: shell?.quit()
        }
    }

    /// Opens the editor on `place` (on the map, where its marker can be dragged), unless it is up already.
    private func startEditing(_ place: Place, isNew: Bool) {
        guard editing == nil else { return }
        let session = PlaceEditorViewModel(place: place, isNew: isNew)
        session.coordinator = self
        editing = session
        map.send(.edit(session))
        currentTab = .map
        deliver(.screen)
    }

    /// Undoes (or with `redo`, redoes) one step, and says which; a redone step can be undone from its toast.
    private func step(redo: Bool) {
        guard let edit = redo ? editor.redo() : editor.undo() else {
            deliver(.notice(redo ? tr("Nothing to redo") : tr("Nothing to undo"), action: nil))
            return
        }
        trace?.undone(edit, redone: redo)
        var collection = ""
        if case .membership(_, let id, _) = edit { collection = placesModel.collections.first { $0.id == id }?.name.clipped(to: 80) ?? "" }
        let action = edit.title(name: placesModel.places.place(withID: edit.subject.id)?.shownName ?? "", collection: collection)
        deliver(.notice(redo ? tr("Redone: {action}", ["action": action]) : tr("Undone: {action}", ["action": action]), action: redo ? .undo : nil))
    }

    /// Writes the places of `export` to `path` in the background, with the saves; a failure is
    /// reported, and nothing is lost.
    private func write(_ export: SectionExport, to path: String) {
        let places = export.placeIDs.compactMap(placesModel.places.place(withID:))
        let file = URL(fileURLWithPath: path).lastPathComponent
        saves.run({ Result { try PlaceFiles.write(places, to: path) } }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                self.deliver(.notice(trPlural("Exported {count} place to {file}", "Exported {count} places to {file}",
                                              count: places.count, ["count": self.numbers.count(places.count), "file": file]), action: nil))
            case .failure(let error):
                self.report(error: tr("Could not export to {file}: {reason}.", ["file": file, "reason": "\(error)"]))
            }
        }
    }

    /// Saves the library if it changed; a failure is reported once, and the app carries on in memory.
    private func saveLibrary() {
        library.save { [weak self] outcome in self?.librarySaved(outcome) }
    }

    /// Takes in what another instance of Places saved meanwhile, or reports a failure.
    private func librarySaved(_ outcome: LibraryKeeper.SaveOutcome) {
        switch outcome {
        case .saved(let elsewhere) where !elsewhere.isEmpty:
            elsewhere.sourcesRemoved.forEach(placesModel.removeSource)
            placesModel.batch {
                elsewhere.placesChanged.forEach(placesModel.put)
                elsewhere.placesRemoved.forEach(placesModel.remove)
                if let collections = elsewhere.collections { placesModel.setCollections(collections) }
                for id in elsewhere.favouritesAdded where placesModel.places.place(withID: id) != nil { placesModel.setFavourite(id, true) }
                for id in elsewhere.favouritesRemoved where placesModel.places.place(withID: id) != nil { placesModel.setFavourite(id, false) }
            }
            Task { await importFiles(elsewhere.sourcesAdded.compactMap(\.path), undoable: false) }
        case .saved, .failedAgain:
            break
        case .failed(let message):
            report(error: message)
        }
    }

    // MARK: Output

    private func deliver(_ output: Output) {
        pending.append(output)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !pending.isEmpty {
            let next = pending.removeFirst()
            guard let shell else { continue }
            switch next {
            case .screen:
                let screen = self.screen
                guard screen != shownScreen else { continue }
                shownScreen = screen
                shell.show(screen)
            case .error(let message):
                shell.showError(message)
            case .notice(let message, let action):
                shell.showNotice(Notice(message, action: action))
            }
        }
    }
}
