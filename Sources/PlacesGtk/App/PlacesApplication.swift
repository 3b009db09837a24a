import Foundation
import PlacesCore

/// The application and the app's composition root: it builds the models, the coordinator and the
/// window on activation, loads the bundled data off the main thread, and hands files it is asked to
/// open to the coordinator.
@MainActor
public final class PlacesApplication {
    /// The reverse-DNS id used for the application, the desktop file, the icon and the metainfo.
    public static let id = "io.github.swiftplaces.Places"
    /// The version shown in About and by `places --version`.
    public static let version = "0.2.0"

    private let application = Application(id: PlacesApplication.id)
    private let options: LaunchOptions
    private var coordinator: AppCoordinator?
    private var window: MainWindow?
    /// The bundled data, loading on another thread from the moment the app is created, so that it is
    /// read while GTK starts up and the window is built.
    private let bundledLoad: Task<(Result<BundledData.Contents, any Error>, Double), Never>?

    public init(options: LaunchOptions) {
        self.options = options
        bundledLoad = BundledData.locate().map { bundled in
            Task.detached(priority: .userInitiated) {
                let start = ContinuousClock.now
                let contents = Result { try bundled.load() }
                return (contents, (ContinuousClock.now - start).milliseconds)
            }
        }
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] paths in
            guard let self else { return }
            self.activate()
            self.coordinator?.handle(.importFiles(paths))
        }
    }

    /// Runs the GLib main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        MainLoopBridge.install()
        return application.run([CommandLine.arguments[0]] + options.files)
    }

    private func activate() {
        if let window {
            window.present()
            return
        }
        Stylesheet.install(Self.css)
        let trace = ProcessInfo.processInfo.environment["PLACES_TRACE"].flatMap { FileEventLog(path: $0) }
        let paths = UserDataPaths.current()
        let profileStore = FileProfileStore(folder: paths.config)
        var notices: [String] = []
        let profile: Profile?
        do {
            let loaded = try profileStore.loadProfile()
            profile = loaded.value
            notices += loaded.notice.map { [$0] } ?? []
        } catch {
            profile = nil
            notices.append("\(error)")
        }
        let coordinator = AppCoordinator(
            placesModel: PlacesModel(), profileModel: ProfileModel(store: profileStore, profile: profile),
            library: FileLibraryStore(folder: paths.data), log: trace
        )
        let window = MainWindow(application: application, coordinator: coordinator, trace: trace)
        self.coordinator = coordinator
        self.window = window
        coordinator.handle(.show(options.tab))
        coordinator.start(in: window)
        notices.forEach(coordinator.report(error:))
        if let search = options.search { coordinator.list.send(.search(search)) }
        // The bundled data has been loading since start-up and is ready within a few tens of
        // milliseconds: presenting after it arrives makes the first frame show the map with places.
        Task {
            await self.showBundledData()
            window.present()
            await coordinator.restoreLibrary()
            if let path = self.options.screenshot { await self.takeScreenshot(to: path) }
        }
    }

    private func showBundledData() async {
        guard let coordinator, let window else { return }
        guard let bundledLoad else {
            coordinator.report(error: "The bundled map and places were not found; set PLACES_DATA_DIR to the data folder.")
            return
        }
        let (loaded, milliseconds) = await bundledLoad.value
        switch loaded {
        case .success(let contents):
            window.show(worldMap: contents.worldMap)
            coordinator.show(bundled: contents, milliseconds: milliseconds)
            if let camera = options.camera { coordinator.map.send(.show(center: camera.center, zoom: camera.zoom)) }
            if let id = options.select { coordinator.placesModel.select(id) }
        case .failure(let error):
            coordinator.report(error: "The bundled data could not be read: \(error)")
        }
    }

    private func takeScreenshot(to path: String) async {
        try? await Task.sleep(for: .milliseconds(700))  // let the card slide and the camera settle
        guard let window else { return }
        do {
            try WidgetSnapshot.savePNG(window.window, to: path)
        } catch {
            FileHandle.standardError.write(Data("places: screenshot failed: \(error)\n".utf8))
        }
        application.quit()
    }

    /// The few styles GTK's default theme lacks: the card's surface, the error banner and confirmation colours.
    private static let css = """
        .place-card { background-color: @theme_base_color; border-top: 1px solid alpha(@borders, 0.8); }
        .error-banner { background-color: #c01c28; color: white; border-radius: 6px; padding: 6px; }
        .error-banner button { color: white; }
        label.error { color: #c01c28; }
        label.success { color: #26a269; font-weight: bold; }
        """
}
