import CGtk
import Foundation
import PlacesCore

/// The GTK application: builds the coordinator and the window on activation, loads the bundled data
/// off the main thread, imports files it is asked to open, and wires the app-wide actions.
@MainActor
public final class PlacesApplication {
    /// The reverse-DNS id used for the application, the desktop file, the icon and the metainfo.
    public static let id = "io.github.swiftplaces.Places"

    private let application: UnsafeMutablePointer<GtkApplication>
    private let options: LaunchOptions
    private var coordinator: AppCoordinator?
    private var window: MainWindow?
    /// The bundled data, loading on another thread from the moment the app is created, so that it is
    /// read while GTK starts up and the window is built.
    private let bundledLoad: Task<(Result<BundledData.Contents, any Error>, Double), Never>?

    /// Creates the application for `options`.
    public init(options: LaunchOptions) {
        self.options = options
        bundledLoad = BundledData.locate().map { bundled in
            Task.detached(priority: .userInitiated) {
                let start = ContinuousClock.now
                let contents = Result { try bundled.load() }
                return (contents, (ContinuousClock.now - start).milliseconds)
            }
        }
        application = gtk_application_new(Self.id, G_APPLICATION_HANDLES_OPEN)
        application.connect(Signals.applicationActivate) { [weak self] in self?.activate() }
        application.connect(Signals.applicationOpen) { [weak self] files in
            let paths = files.compactMap { file -> String? in
                guard let path = g_file_get_path(file) else { return nil }
                defer { g_free(path) }
                return String(cString: path)
            }
            self?.open(paths)
        }
        AppActions.install(on: application, host: self)
    }

    /// Runs the GLib main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        MainLoopBridge.install()
        // A benchmark imports its files itself, after the bundled data, so it knows when all are in.
        let arguments = [CommandLine.arguments[0]] + (options.benchmarkFrames == nil ? options.files : [])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return argv.withUnsafeBufferPointer { buffer in
            g_application_run(application.cast(g_application_get_type()), Int32(buffer.count - 1),
                              UnsafeMutablePointer(mutating: buffer.baseAddress))
        }
    }

    private func activate() {
        if let window {
            window.present()
            return
        }
        Stylesheet.install()
        let log = ProcessInfo.processInfo.environment["PLACES_TRACE"].flatMap { FileEventLog(path: $0) }
        var problems: [String] = []
        let profileStore = FileProfileStore(folder: UserDataPaths.current().config) { problems.append($0) }
        let libraryStore = FileLibraryStore(folder: UserDataPaths.current().data) { [weak self] in self?.coordinator?.report(error: $0) }
        let coordinator = AppCoordinator(
            placesModel: PlacesModel(), profileModel: ProfileModel(store: profileStore), library: libraryStore, log: log
        )
        let window = MainWindow(application: application, coordinator: coordinator, worldMap: .empty)
        self.coordinator = coordinator
        self.window = window
        coordinator.start(in: window)
        problems.forEach(coordinator.report(error:))
        coordinator.show(tab: options.tab)
        if let search = options.search { coordinator.list.search(search) }
        // The bundled data has been loading since start-up and is ready within a few tens of
        // milliseconds: presenting after it arrives makes the first frame show the map with places.
        Task {
            await self.showBundledData()
            window.present()
            await coordinator.restoreLibrary()
            await self.finishLaunch()
        }
    }

    private func open(_ paths: [String]) {
        activate()
        Task { await coordinator?.importFiles(paths) }
    }

    /// Imports files chosen in the file chooser or dropped on the window.
    func importFiles(_ paths: [String]) {
        Task { await coordinator?.importFiles(paths) }
    }

    /// The main window, once activated.
    var mainWindow: MainWindow? { window }

    /// The coordinator, once activated.
    var appCoordinator: AppCoordinator? { coordinator }

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
            if let position = options.camera { coordinator.map.setCamera(center: position.center, zoom: position.zoom) }
            if let id = options.select { coordinator.placesModel.selectedItem = id }
        case .failure(let error):
            coordinator.report(error: "The bundled data could not be read: \(error)")
        }
    }

    /// What the command line asked for once the window is up: a screenshot or a frame benchmark.
    private func finishLaunch() async {
        guard let coordinator, let window else { return }
        if let path = options.screenshot { await takeScreenshot(to: path) }
        if let frames = options.benchmarkFrames {
            await coordinator.importFiles(options.files)
            await FrameBenchmark(window: window, coordinator: coordinator, frames: frames).run()
            g_application_quit(application.cast(g_application_get_type()))
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
        g_application_quit(application.cast(g_application_get_type()))
    }
}
