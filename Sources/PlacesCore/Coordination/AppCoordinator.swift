import Foundation
import Multicast

/// Coordinates the window through `Shell`: the tab, the card or the editor's session at the bottom,
/// the import in the header bar, and what the person is told. Requests come one way, `handle(_:)`;
/// each goes to the type that does the work (`PlacesEditor`, `ImportSession`, `PlaceExporter`,
/// `LibraryBackups`, `MapFiles`) or, for navigation, to a view-model as its input. The screen is derived in one place,
/// `screen`, and handed to the shell whole (`ShellOutput`).
@MainActor
public final class AppCoordinator: AppCoordinating, PlacesModelDelegate, ProfileModelDelegate, ImportSessionDelegate {
    /// The view-models the coordinator sends navigation to (a section to fit, the editor's draft to follow).
    struct Tabs {
        var map: MapViewModel
        var mapLayers: MapLayersViewModel
        var list: PlacesListViewModel
        var profile: ProfileViewModel
    }

    private let places: PlacesModel
    private let editor: PlacesEditor
    private let imports: ImportSession
    private let library: LibraryKeeper
    private let mapFiles: MapFiles
    private let exporter: PlaceExporter
    private let backups: LibraryBackups
    /// The preferences, for the format an export offers first.
    private let settings: SettingsModel
    private let tabs: Tabs
    /// The clock the editor's sessions wait on.
    private let clock: AppClock
    private lazy var output = ShellOutput { [unowned self] in screen }
    private var shell: (any Shell)? { output.shell }
    private var tab: Tab = .map
    /// The place editor's session while it is up.
    private var editing: PlaceEditorViewModel?
    /// The button of the notice up, with the undo history's revision when it was offered: the notice
    /// is withdrawn once its button no longer applies.
    private var offered: (action: Notice.Action, revision: Int)?

    init(places: PlacesModel, profile: ProfileModel, editor: PlacesEditor, imports: ImportSession, library: LibraryKeeper, mapFiles: MapFiles,
         exporter: PlaceExporter, backups: LibraryBackups, settings: SettingsModel, tabs: Tabs, clock: AppClock = .continuous) {
        self.places = places
        self.editor = editor
        self.imports = imports
        self.library = library
        self.mapFiles = mapFiles
        self.exporter = exporter
        self.backups = backups
        self.settings = settings
        self.tabs = tabs
        self.clock = clock
        places.delegates += self
        profile.delegates += self
        imports.delegates += self
    }

    /// Attaches the window and shows the current state in it, with anything told before.
    public func start(in shell: any Shell) {
        output.start(in: shell)
    }

    /// What the window shows: the current tab; under the map and the list (never over the profile
    /// form), the editor while a place is edited, else the card while a place is selected.
    public var screen: Screen {
        let bottom: Screen.Bottom = if tab == .profile {
            .nothing
        } else if let editing {
            .editor(editing)
        } else {
            places.selectedItem == nil ? .nothing : .card
        }
        return Screen(tab: tab, bottom: bottom, activity: imports.activity)
    }

    public func handle(_ request: AppRequest) {
        switch request {
        case .show(let tab): show(tab)
        case .tabShown(let tab):
            output.tabShown(tab)
            show(tab)
        case .perform(let action): perform(action)
        case .importFiles(let paths): Task { await open(paths) }
        case .importRemembered(let sources): Task { await importFiles(sources, undoable: false) }
        case .cancelImport: imports.cancel()
        case .removeSource(let id): removeSource(id)
        case .keepShown(let id, let alternative): library.keepShown(id, instead: alternative)
        case .export(let export):
            let format = settings.settings.exportFormat
            var suggested = export
            suggested.fileName = format.fileName(export.fileName)
            shell?.chooseDestination(for: suggested, format: format) { [weak self] path, format in
                self?.settings.setExportFormat(format)
                self?.exporter.write(export, to: path, as: format) { message in self?.tell(message) }
            }
        case .newPlace(let coordinate):
            startEditing(Place(id: PlacesEditor.newID(), name: "", category: .other(""), coordinate: coordinate ?? tabs.map.camera.center.roundedToCentimetres,
                               source: PlaceSource.mineID), isNew: true)
        case .editPlace(let id): edit(id)
        case .finishEditing(let place): finishEditing(place)
        case .edit(let request): if let notice = editor.perform(request) { tell(.notice(notice)) }
        case .openLink(let link): shell?.openLink(link)
        case .copy(let text):
            shell?.copyToClipboard(text)
            tell(tr("Copied “{text}”", ["text": text.clipped(to: 80)]), undoable: false)
        case .openLocation(let link): openLocation(link)
        case .showAlone(let section, let title):
            tabs.map.send(.showAlone(section, title: title))
            if section != nil { show(.map) }
        case .newCollection(let place):
            shell?.askForName(NameQuestion(title: tr("New Collection"), confirm: tr("_Create"))) { [weak self] name in
                self?.handle(.edit(.createCollection(named: name, adding: place)))
            }
        case .renameCollection(let id):
            guard let collection = places.collections.first(where: { $0.id == id }) else { return }
            shell?.askForName(NameQuestion(title: tr("Rename Collection"), confirm: tr("_Rename"), initial: collection.name)) { [weak self] name in
                self?.handle(.edit(.renameCollection(id, to: name)))
            }
        case .noticeAction(.undo): step(redo: false)
        case .noticeAction(.show(let section)):
            tabs.map.send(.fit(section))
            tabs.list.send(.reveal(section))
            show(.map)
        case .noticeAction(.details(let details)): shell?.showDetails(details)
        case .noticeAction(.restoreMapLayer(let id)): tabs.mapLayers.send(.restore(id))
        case .noticeAction(.importFiles(let paths)): Task { await open(paths) }
        case .noticeAction(.importRecentPlaces(let source)): Task { await importFiles([source], undoable: true) }
        case .tell(let message): tell(message)
        }
    }

    public func placesDidChange(_ change: PlacesChange) {
        if change.selectionChanged { output.showScreen() }
        if let offered, !stillApplies(offered.action, offeredAt: offered.revision) {
            self.offered = nil
            output.withdrawNotice()
        }
    }

    public func profileDidChange(_ change: ProfileChange) {
        if change.outcome == .saved { tell(.notice(Notice(tr("Profile saved")))) }
    }

    func importActivityDidChange() {
        output.showScreen()
    }

    // MARK: Files

    /// Opens files the person gave: map files become layers (the map tab shows, gliding to each), the others are
    /// imported as places, each import one step of the undo history; every file's outcome is told.
    public func open(_ paths: [String]) async {
        let files = await MapFiles.sort(paths)
        for path in files.maps {
            let opened = await mapFiles.open(path)
            if let area = opened.area {
                tabs.map.send(.fitArea(area.bounds, maximumZoom: area.maximumZoom))
                show(.map)
            }
            tell(opened.message)
        }
        await importFiles(files.others, undoable: true)
    }

    /// Imports files as places. When `undoable` (the person asked for them), each file is a step of the undo
    /// history and its outcome is told; otherwise only what went wrong is told.
    public func importFiles(_ paths: [String], undoable: Bool = true) async {
        await importFiles(paths.map(PlaceFiles.source(for:)), undoable: undoable)
    }

    /// Imports the files of `sources` (remembered ones, or another way of reading a file: its recent
    /// places), as `importFiles(_:undoable:)` does.
    public func importFiles(_ sources: [PlaceSource], undoable: Bool) async {
        guard !sources.isEmpty else { return }
        for message in await imports.importFiles(sources, undoable: undoable) { tell(message) }
    }

    /// Shows the point a link handed to the app names (`places geo:…`, a `geo:` link opened from another
    /// app) on the map with its card; a link that names no point is answered with why.
    private func openLocation(_ link: String) {
        switch LocationInput.read(link, near: tabs.map.camera.center) {
        case .point(let point):
            tabs.map.send(.showPoint(point))
            show(.map)
        case .words(let words):
            tabs.list.send(.search(words))
            show(.places)
        case .unreadable(let problem):
            switch problem {
            case .geoCoordinates, .noPosition: tell(.error(problem.description))  // they name the link
            default: tell(.error(tr("“{link}” cannot be shown. {reason}", ["link": link.clipped(to: 80), "reason": problem.description])))
            }
        }
    }

    private func removeSource(_ id: PlaceSource.ID) {
        guard id != PlaceSource.bundledID, id != PlaceSource.mineID else { return }
        guard let title = places.sources.first(where: { $0.id == id })?.title else {
            return library.forget(source: id)  // remembered, but not loaded (its file is missing): nothing to undo
        }
        editor.removeSource(id)
        tell(tr("“{file}” removed", ["file": title]), undoable: true)
    }

    // MARK: Actions

    private func perform(_ action: AppAction) {
        if let tab = action.tab { return show(tab) }
        if let input = action.mapInput { return tabs.map.send(input) }
        switch action {
        case .search:
            show(.places)
            shell?.focusSearch()
        case .save:
            if let editing { editing.send(.save) } else if tab == .profile { tabs.profile.send(.save) }
        case .closeCard:
            if let editing { editing.send(.cancel) } else { places.select(nil) }
        case .importPlaces: shell?.chooseFilesToImport { [weak self] paths in self?.handle(.importFiles(paths)) }
        case .openMap: shell?.chooseMapFiles { [weak self] paths in self?.handle(.importFiles(paths)) }
        case .exportFavourites:
            let ids = places.places.filter { places.favourites.contains($0.id) }.map(\.id)
            handle(.export(SectionExport(title: tr("Favourites"), fileName: "favourites.geojson", placeIDs: ids)))
        case .backUp:
            shell?.chooseBackupDestination(fileName: LibraryBackups.suggestedName()) { [weak self] path in
                self?.backups.backUp(to: path) { message in self?.tell(message) }
            }
        case .restore:
            shell?.chooseBackupToRestore { [weak self] path in
                Task { [weak self] in
                    guard let message = await self?.backups.restore(from: path) else { return }
                    self?.tell(message)
                }
            }
        case .libraryFolder:
            shell?.chooseLibraryFolder(current: library.folder?.path) { [weak self] folder in self?.moveLibrary(to: folder) }
        case .newPlace: handle(.newPlace(at: nil))
        case .editPlace: if let id = places.selectedItem { edit(id) }
        case .deletePlace: if let id = places.selectedItem { handle(.edit(.delete(id))) }
        case .undo, .redo: step(redo: action == .redo)
        case .shortcuts: shell?.showShortcuts()
        case .about: shell?.showAbout()
        case .quit: shell?.quit()
        case .showMap, .showPlaces, .showProfile, .zoomIn, .zoomOut, .panLeft, .panRight, .panUp, .panDown: break
        }
    }

    private func show(_ tab: Tab) {
        self.tab = tab
        output.showScreen()
    }

    // MARK: Editing

    private func edit(_ id: Place.ID) {
        guard let place = places.places.place(withID: id) else { return }
        guard place.isOwn else {
            return tell(tr("“{name}” is not one of your places. Copy it to My Places to edit it.", ["name": place.shownName]), undoable: false)
        }
        startEditing(place, isNew: false)
    }

    /// Opens the editor on `place` (on the map, where its marker can be dragged), unless it is up already.
    private func startEditing(_ place: Place, isNew: Bool) {
        guard editing == nil else { return }
        let draft = PlaceDraft(place: place, isNew: isNew)
        let session = PlaceEditorViewModel(draft: draft, clock: clock)
        session.coordinator = self
        editing = session
        tabs.map.send(.edit(draft))
        show(.map)
    }

    private func finishEditing(_ place: Place?) {
        let isNew = editing?.draft.isNew ?? false
        editing = nil
        tabs.map.send(.edit(nil))
        if let place, editor.save(place) != nil, isNew {
            tell(library.keepsChanges ? tr("“{name}” added to My Places", ["name": place.shownName])
                 : tr("“{name}” added to My Places until Places quits: your library file cannot be used, so it cannot be kept", ["name": place.shownName]),
                 undoable: true)
        }
        output.showScreen()
    }

    /// Undoes (or with `redo`, redoes) one step, and says which; a redone step can be undone from its toast.
    private func step(redo: Bool) {
        let step = editor.step(redo: redo)
        tell(step.text, undoable: step.canUndo)
    }

    /// A notice saying `text`, with Undo when `undoable`.
    /// Keeps the library in `folder` (nil: the standard one), remembering the choice once it worked.
    private func moveLibrary(to folder: String?) {
        Task { [weak self] in
            guard let self else { return }
            let message = await library.move(to: folder.map { URL(fileURLWithPath: $0) })
            if case .notice = message { settings.setLibraryFolder(folder) }
            tell(message)
        }
    }

    private func tell(_ text: String, undoable: Bool) {
        tell(.notice(Notice(text, action: undoable ? .undo : nil)))
    }

    /// Tells `message`; a notice takes the place of the one up.
    private func tell(_ message: Message) {
        if case .notice(let notice) = message { offered = notice.action.map { ($0, editor.history.revision) } }
        output.tell(message)
    }

    /// Whether a notice's button still does what it says: Undo while the history has not moved since
    /// (the step it offers is still the one to undo), Show while its section is still there, an
    /// offer of recent places while the file they are in is loaded and they are not.
    private func stillApplies(_ action: Notice.Action, offeredAt revision: Int) -> Bool {
        switch action {
        case .undo: editor.history.revision == revision
        case .show(.source(let id)): places.sources.contains { $0.id == id }
        case .show(.collection(let id)): places.collections.contains { $0.id == id }
        case .importRecentPlaces(let recent): !places.hasSource(recent.id) && places.sources.contains { $0.path == recent.path }
        case .show(.favourites), .show(.kind), .details, .restoreMapLayer, .importFiles: true
        }
    }
}
