import Foundation

/// Everything a window of Places runs on, built and wired once: the models, the keepers that keep
/// them in their files, the helpers, the tabs' view-models and the coordinator. The GTK application
/// builds it at launch, hands the window the view-models it binds and the coordinator it sends
/// requests to, and asks it to restore what the person kept. Tests build it with stores in memory.
@MainActor
public final class PlacesApp {
    /// Where each model is kept between launches.
    public struct Stores {
        public var profile: any ProfileStore
        public var library: any LibraryStore
        /// Makes the store of a library kept in a folder the person chose (`SyncFolderLibraryStore`).
        public var libraryInFolder: @Sendable (URL) -> any LibraryStore
        public var map: any MapSettingsStore
        public var settings: any SettingsStore
        /// The folder a restored backup's files are unpacked into, when their originals are gone.
        public var restoredFiles: URL

        /// Stores for the app; a library folder's logs are written as `device` (by default, one made for this run).
        public init(profile: any ProfileStore, library: any LibraryStore, map: any MapSettingsStore, settings: any SettingsStore,
                    restoredFiles: URL = FileManager.default.temporaryDirectory.appendingPathComponent("places-restored"),
                    device: SyncDevice = SyncDevice(id: SyncDevice.newID(), name: SyncDevice.hostName())) {
            self.profile = profile
            self.library = library
            libraryInFolder = { SyncFolderLibraryStore(folder: $0, device: device) }
            self.map = map
            self.settings = settings
            self.restoredFiles = restoredFiles
        }
    }

    public let coordinator: AppCoordinator
    public let map: MapViewModel
    public let mapLayers: MapLayersViewModel
    public let list: PlacesListViewModel
    public let profile: ProfileViewModel
    public let card: PlaceCardViewModel
    public let style: StyleViewModel

    let places: PlacesModel
    let profileModel: ProfileModel
    /// The world's towns and airports, read when first needed.
    public let gazetteer: GazetteerModel
    let layers = MapLayersModel()
    let settings = SettingsModel()
    /// Makes the person's changes to the places, and keeps them for undo.
    public let editor: PlacesEditor
    private let numbers: LocalizedNumbers
    private let trace: ModelTrace?
    private let profileKeeper: ProfileKeeper
    private let library: LibraryKeeper
    private let mapKeeper: MapLayersKeeper
    private let settingsKeeper: SettingsKeeper
    private let onlineLayer: OnlineTilesLayer

    /// Builds the app over `places` and `profile` (empty ones at launch), keeping them in `stores`
    /// through `saves`; long work on the main thread waits for the window's frames (`pacer`), and
    /// `log` gets the model's side of the trace. `onlineTileSource` makes the online layer's source
    /// (nil: online tiles cannot be fetched). Timed work in the view-models waits on `clock`.
    public init(
        places: PlacesModel = PlacesModel(), profile: ProfileModel, stores: Stores, saves: SaveQueue, pacer: any FramePacing = Unpaced(),
        log: (any EventLog)? = nil, locale: Locale = .current, onlineTileSource: OnlineTileSourceMaker? = nil, clock: AppClock = .continuous,
        gazetteer: GazetteerModel = GazetteerModel(), folderWatcher: (any FolderWatching)? = nil
    ) {
        self.places = places
        profileModel = profile
        self.gazetteer = gazetteer
        let numbers = LocalizedNumbers(locale: locale)
        self.numbers = numbers
        trace = log.map { ModelTrace(log: $0, places: places, profile: profile) }
        editor = PlacesEditor(model: places, trace: trace)
        profileKeeper = ProfileKeeper(model: profile, store: stores.profile, saves: saves)
        library = LibraryKeeper(model: places, editor: editor, store: stores.library, storeInFolder: stores.libraryInFolder, watcher: folderWatcher,
                                saves: saves, clock: clock)
        mapKeeper = MapLayersKeeper(model: layers, store: stores.map, saves: saves)
        settingsKeeper = SettingsKeeper(model: settings, store: stores.settings, saves: saves)
        onlineLayer = OnlineTilesLayer(model: layers, makeSource: onlineTileSource)
        map = MapViewModel(model: places, layers: layers, profile: profile, pacer: pacer, locale: locale, clock: clock)
        mapLayers = MapLayersViewModel(layers: layers)
        list = PlacesListViewModel(model: places, profile: profile, gazetteer: gazetteer, mapCentre: { [map] in map.camera.center },
                                   pacer: pacer, locale: locale, clock: clock)
        self.profile = ProfileViewModel(profile: profile, gazetteer: gazetteer)
        card = PlaceCardViewModel(places: places, profile: profile, gazetteer: gazetteer, locale: locale)
        style = StyleViewModel(settings: settings)
        coordinator = AppCoordinator(
            places: places, profile: profile, editor: editor,
            imports: ImportSession(model: places, editor: editor, library: library, pacer: pacer, numbers: numbers, trace: trace),
            library: library, mapFiles: MapFiles(layers: layers), exporter: PlaceExporter(model: places, saves: saves, numbers: numbers),
            backups: LibraryBackups(library: library, editor: editor, saves: saves, numbers: numbers, folder: stores.restoredFiles), settings: settings,
            tabs: .init(map: map, mapLayers: mapLayers, list: list, profile: self.profile), clock: clock
        )
        map.coordinator = coordinator
        mapLayers.coordinator = coordinator
        list.coordinator = coordinator
        card.coordinator = coordinator
        profileKeeper.coordinator = coordinator
        library.coordinator = coordinator
        library.mapLayers = mapKeeper
        mapKeeper.coordinator = coordinator
        settingsKeeper.coordinator = coordinator
        onlineLayer.coordinator = coordinator
        gazetteer.coordinator = coordinator
    }

    /// Reads the profile and the preferences off the main thread: the window's first frame shows
    /// distances from home, in the person's style.
    public func restoreProfileAndSettings() async {
        for notice in [await profileKeeper.restore(), await settingsKeeper.restore()] {
            if let notice { coordinator.handle(.tell(.error(notice))) }
        }
    }

    /// Restores the map's layers as the person left them, reporting files that cannot be shown now.
    public func restoreMap() async {
        for notice in await mapKeeper.restore() { coordinator.handle(.tell(.error(notice))) }
    }

    /// Restores the library (call it once the bundled places are shown): the own places, collections
    /// and favourites come back, and each remembered file is imported again. Remembered files that
    /// are gone are reported and stay remembered (they may be on a drive not mounted now).
    public func restoreLibrary() async {
        if let folder = settings.settings.libraryFolder { library.use(folder: URL(fileURLWithPath: folder)) }
        let restored = await library.restore()
        if let notice = restored.notice { coordinator.handle(.tell(.error(notice))) }
        if !restored.missing.isEmpty { coordinator.handle(.tell(.error(MissingFiles(restored.missing, numbers: numbers).message))) }
        await coordinator.importFiles(restored.files.filter { $0.path != nil }, undoable: false)
    }

    /// Offers, once ever, to import GNOME Maps' favourites when its places file is in `dataHome`
    /// (`$XDG_DATA_HOME`): `gnome-maps/places.json` since GNOME Maps 46, `maps-places.json` before.
    /// Call it once the library is restored: a file imported already is not offered. Not offered
    /// while the preferences cannot be kept, lest it be offered at every launch.
    public func offerGNOMEMapsPlaces(dataHome: URL) {
        guard settingsKeeper.canWrite, !settings.settings.offeredGNOMEMapsPlaces else { return }
        let files = ["gnome-maps/places.json", "maps-places.json"].map { dataHome.appendingPathComponent($0).path }
        guard let file = files.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return }
        guard !places.sources.contains(where: { $0.path == file }) else { return }
        settings.noteGNOMEMapsPlacesOffered()
        coordinator.handle(.tell(.notice(Notice(tr("Your favourites from GNOME Maps can be imported"), action: .importFiles([file])))))
    }

    /// Shows the bundled places (read off the main thread by the caller, in `milliseconds`).
    public func show(bundled places: ImportResult, milliseconds: Double) {
        self.places.add(places.places, from: .bundled)
        trace?.loaded(source: PlaceSource.bundled.title, places: places.places.count, skipped: places.skippedFeatures, milliseconds: milliseconds)
    }

    /// Hands the bundled cities to the tabs that name them (read off the main thread by the caller).
    public func show(cities: CityDirectory) {
        profile.send(.cities(cities))
        map.send(.baseCities(cities.cities))
    }

    /// Selects the place `id` (the command line's `--select`).
    /// Selects the place with `id`, and says whether one is loaded (a bundled place is at once; an own
    /// or imported one once the library is restored).
    @discardableResult
    public func select(_ id: Place.ID) -> Bool {
        places.select(id)
        return places.selectedItem == id
    }

    /// Uses the tile server of `template` for this run only (`--tile-url`); the preference is kept.
    public func useOnlineTiles(_ template: String) {
        mapKeeper.useOnlineForThisRun(template)
    }
}
