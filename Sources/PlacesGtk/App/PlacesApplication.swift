import Foundation
import Multicast
import PlacesCore

/// The GTK application: on activation it builds the app (`PlacesApp`, over the stores in the person's
/// folders) and the window; it loads the bundled data off the main thread, and hands files it is asked
/// to open to the coordinator.
@MainActor
public final class PlacesApplication: SaveQueueDelegate {
    /// The reverse-DNS id used for the application, the desktop file, the icon and the metainfo.
    public static let id = "io.github.swiftplaces.Places"
    /// The version shown in About and by `places --version`.
    nonisolated public static let version = "0.2.0"

    private let application = Application(id: PlacesApplication.id)
    private let options: LaunchOptions
    /// Runs every keeper's writes and the exports; the application stays alive until they are written.
    private let saves = SaveQueue()
    private var app: PlacesApp?
    private var window: MainWindow?
    private var hasAskedForCitiesAndDetail = false
    /// Whether `--select`'s place was found with the bundled places.
    private var isSelected = false
    /// Files given at launch, imported once the library is restored (nil once started): then
    /// `--select` can name one of their places.
    private var filesAtLaunch: [String]? = []
    /// Links given at launch (`places geo:48.85,2.35`), shown once the places are.
    private var linksAtLaunch: [String] = []
    /// The exit status when the window closes: 1 once `--screenshot` could not write its picture.
    private var status: Int32 = 0
    /// Where the bundled data is.
    private let bundled = BundledData.locate()
    /// The bundled places and base map, loading on another thread from the moment the app is created,
    /// so that they are read while GTK starts up and the window is built; with the base map's
    /// coarsest tiles in the default look (light, one device pixel a unit), and the milliseconds the
    /// loading took.
    private let mapLoad: Task<(Result<BundledData.Map, any Error>, BaseMapTiles.StandIns?, Double), Never>?

    public init(options: LaunchOptions) {
        self.options = options
        let mapLoad = bundled.map { bundled in
            Task.detached(priority: .userInitiated) {
                let start = ContinuousClock.now
                let map = Result { try bundled.loadMap() }
                // Foundation's number formatting loads ICU and its data on first use (tens of
                // milliseconds): here, beside GTK's start-up, not on the main thread before the first frame.
                _ = LocalizedNumbers(locale: Localization.locale()).count(1)
                let milliseconds = (ContinuousClock.now - start).milliseconds
                // So do the search keys' Latin table (1–2 ms), not counted as loading the places.
                SearchKey.prepare()
                let standIns = (try? map.get()).flatMap { contents in
                    contents.worldMap.layers.isEmpty ? nil : BaseMapTiles.StandIns(of: contents.worldMap, palette: .light, scale: 1)
                }
                return (map, standIns, milliseconds)
            }
        }
        self.mapLoad = mapLoad
        saves.delegates += self
        application.onStartup { IconTheme.readInBackground() }
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] paths, links in
            guard let self else { return }
            self.activate()
            if self.filesAtLaunch != nil {
                self.filesAtLaunch? += paths
                self.linksAtLaunch += links
            } else {
                if !paths.isEmpty { self.app?.coordinator.handle(.importFiles(paths)) }
                for link in links { self.app?.coordinator.handle(.openLocation(link)) }
            }
        }
    }

    /// Runs the GLib main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        SessionBus.leaveAccessibilityOffWithoutOne()
        MainLoopBridge.install()
        let ran = application.run([CommandLine.arguments[0]] + options.files)
        return ran != 0 ? ran : status
    }

    /// Held while saves are written: the application ends only once they are, even with its window closed.
    public func savingDidChange() {
        if saves.isSaving { application.hold() } else { application.release() }
    }

    private func activate() {
        if let window {
            window.present()
            return
        }
        Stylesheet.install(Self.css)
        let trace = ProcessInfo.processInfo.environment["PLACES_TRACE"].flatMap { FileEventLog(path: $0) }
        let paths = UserDataPaths.current()
        let pacer = FramePacer()
        let gazetteer = GazetteerModel(read: bundled.map(Self.gazetteerReader))
        let app = PlacesApp(
            profile: ProfileModel(localUnit: DistanceUnit.preferred()),
            stores: .init(profile: FileProfileStore(folder: paths.config), library: FileLibraryStore(folder: paths.data),
                          map: FileMapSettingsStore(folder: paths.config), settings: KeyFileSettingsStore(folder: paths.config),
                          restoredFiles: paths.data.appendingPathComponent("restored"), device: SyncDevice.local(folder: paths.config)),
            saves: saves, pacer: pacer, log: trace, locale: Localization.locale(), onlineTileSource: Self.onlineTileSource,
            gazetteer: gazetteer, folderWatcher: FolderMonitor()
        )
        if let template = options.tileURL { app.useOnlineTiles(template) }
        let window = MainWindow(application: application, app: app, trace: trace)
        pacer.follow(window.window)
        self.app = app
        self.window = window
        app.coordinator.handle(.show(options.tab))
        app.coordinator.start(in: window)
        if let search = options.search { app.list.send(.search(search)) }
        // The bundled data has been loading since start-up and the profile and the style load now,
        // both off the main thread and ready within a few tens of milliseconds: presenting after they
        // arrive makes the first frame show the map with places, distances from home, in the
        // person's style.
        Task {
            await app.restoreProfileAndSettings()
            await self.showBundledData()
            window.present()
            // Not beside the first frame's layout and drawing: on two cores, they would take the
            // second from GTK and the X server. A window not painted within a second (started
            // minimised, say) gets them all the same.
            window.afterNextPaint { self.showBundledCitiesAndDetail() }
            Task {
                try? await Task.sleep(for: .seconds(1))
                self.showBundledCitiesAndDetail()
            }
            await app.restoreMap()
            await app.restoreLibrary()
            let files = self.filesAtLaunch ?? []
            self.filesAtLaunch = nil
            await app.coordinator.open(files)
            for link in self.linksAtLaunch { app.coordinator.handle(.openLocation(link)) }
            self.linksAtLaunch = []
            app.offerGNOMEMapsPlaces(dataHome: paths.data.deletingLastPathComponent())
            // An own place, or one of a remembered or given file, is there only now.
            if let id = self.options.select, !self.isSelected, !app.select(id) {
                self.report(tr("No place has the id “{id}”, so none is selected.", ["id": id]))
            }
            if let path = self.options.screenshot { await self.takeScreenshot(to: path, busy: { app.gazetteer.isReading }) }
        }
    }

    /// Reads the gazetteer of `bundled` when called (off the main thread).
    private nonisolated static func gazetteerReader(_ bundled: BundledData) -> @Sendable () throws -> Gazetteer {
        { try bundled.loadGazetteer() }
    }

    private func showBundledData() async {
        guard let app, let window else { return }
        guard let mapLoad else {
            return report(tr("The bundled map and places were not found; set PLACES_DATA_DIR to the data folder."))
        }
        let (loaded, standIns, milliseconds) = await mapLoad.value
        switch loaded {
        case .success(let contents):
            window.show(worldMap: contents.worldMap, standIns: standIns)
            app.show(bundled: contents.places, milliseconds: milliseconds)
            if let camera = options.camera { app.map.send(.show(center: camera.center, zoom: camera.zoom)) }
            if let id = options.select { isSelected = app.select(id) }
        case .failure(let error):
            report(tr("The bundled data could not be read: {reason}", ["reason": "\(error)"]))
        }
    }

    /// Reads the cities and the base map's detail, once: the first frame needs neither.
    private func showBundledCitiesAndDetail() {
        guard !hasAskedForCitiesAndDetail else { return }
        hasAskedForCitiesAndDetail = true
        showBundledCities()
        showBundledDetail()
    }

    /// Reads the bundled cities, for the home-city field and the base map's names when zoomed in.
    private func showBundledCities() {
        guard let bundled, let app else { return }
        Task {
            let cities = await Task.detached(priority: .utility) { Result { try bundled.loadCities() } }.value
            switch cities {
            case .success(let cities): app.show(cities: cities)
            case .failure(let error): report(tr("The bundled data could not be read: {reason}", ["reason": "\(error)"]))
            }
        }
    }

    /// Reads the base map's detail (drawn from zoom 3 on), and draws the base map with it from then
    /// on; until then, the coarser layers stand in.
    private func showBundledDetail() {
        guard let bundled, let window else { return }
        Task {
            let detail = await Task.detached(priority: .utility) { Result { try bundled.loadDetail() } }.value
            switch detail {
            case .success(let detail): window.add(detail: detail)
            case .failure(let error): report(tr("The bundled data could not be read: {reason}", ["reason": "\(error)"]))
            }
        }
    }

    /// Tells the person `message` in the window's banner.
    private func report(_ message: String) {
        app?.coordinator.handle(.tell(.error(message)))
    }

    /// Online tiles come through libsoup, kept in the disk cache under `$XDG_CACHE_HOME/places/tiles`.
    private static let onlineTileSource: OnlineTileSourceMaker = { template in
        OnlineTileSource(template: template, fetcher: fetcher, cache: TileDiskCache(root: TileDiskCache.defaultRoot(), template: template))
    }

    private static let fetcher = SoupTileFetcher()

    /// Saves the window once it is at rest and nothing is `busy` (a search waiting for the world's towns).
    private func takeScreenshot(to path: String, busy: () -> Bool) async {
        guard let window else { return }
        await window.atRest(unless: busy)
        do {
            try WidgetSnapshot.savePNG(window.window, to: path)
        } catch {
            FileHandle.standardError.write(Data("places: \(TerminalText.escaped(tr("the screenshot could not be written to {path}: {reason}", ["path": path, "reason": "\(error)"])))\n".utf8))
            status = 1
        }
        application.closeWindows()
    }

    /// The few styles libadwaita lacks: the card's surface, the error banner and message colours, all
    /// from libadwaita's named colours so that they follow the light, dark and high-contrast styles;
    /// the map's marker targets, exactly a marker's size, showing nothing but a strong focus ring, and
    /// the map's own focus ring (a drawing area has none); a favourite's star.
    private static let css = """
        .place-card { background-color: @view_bg_color; border-top: 1px solid @borders; }
        .map-scale { background-color: alpha(@view_bg_color, 0.8); border-radius: 4px; padding: 2px 6px 4px 6px; }
        .map-scale-line { border: 2px solid @view_fg_color; border-top-style: none; }
        .error-banner { background-color: @error_bg_color; color: @error_fg_color; border-radius: 6px; padding: 6px; }
        .error-banner button { color: @error_fg_color; }
        label.error { color: @error_color; }
        label.success { color: @success_color; font-weight: bold; }
        .map-marker-target { min-width: 0; min-height: 0; padding: 0; }
        .map-marker-target:focus-visible { outline: 3px solid @accent_color; outline-offset: 1px; }
        .map-canvas:focus-visible { outline: 3px solid alpha(@accent_color, 0.7); outline-offset: -4px; }
        label.favourite-star { color: @yellow_5; }
        """
}
