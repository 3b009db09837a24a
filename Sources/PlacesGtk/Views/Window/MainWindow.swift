import CGtk
import PlacesCore

/// The window: an `AdwApplicationWindow` with a header bar over a `GtkNotebook` of the Map, Places and
/// Profile tabs, above a bottom `GtkRevealer` that slides up the place card or the place editor; notices
/// show as toasts. It implements `Shell`, so the coordinator drives it without seeing GTK, and sends
/// everything the person does at window level to the coordinator as `AppRequest`s. Each tab's view is
/// bound to its own view-model.
@MainActor
final class MainWindow: Shell {
    static let title = "Places"

    let window: Window
    private let application: Application
    private let notebook = Notebook()
    private let map: MapCanvas
    /// The Places and Profile tabs' pages: empty until first shown, then holding their views (the
    /// notebook styles and measures every page it has, shown or not, before the first frame).
    private let listPage = Box(.vertical)
    private let profilePage = Box(.vertical)
    private let listViewModel: PlacesListViewModel
    private let profileViewModel: ProfileViewModel
    private lazy var list: PlacesListView = {
        let list = PlacesListView(viewModel: listViewModel)
        listPage.append(list.root)
        builtList = list
        return list
    }()
    /// The Places tab's view once it is first shown.
    private var builtList: PlacesListView?
    private lazy var profile: ProfileForm = {
        let profile = ProfileForm(viewModel: profileViewModel)
        profilePage.append(profile.root)
        return profile
    }()
    private let card: PlaceCard
    /// The place editor, built the first time a place is edited (not during start-up).
    private lazy var editor: PlaceEditorView = {
        let editor = PlaceEditorView()
        bottom.addPage(named: "editor", title: tr("Place editor"), editor.root)
        return editor
    }()
    /// The card or the editor.
    private let bottom: Stack
    private let cardRevealer: Revealer
    private let banner = ErrorBanner()
    private let toasts: ToastOverlay
    private let activity: ActivityIndicator
    private let style: StyleSwitcher
    private var shortcuts: Window?
    private let trace: ScreenTrace?
    /// When the window last painted a frame.
    private var lastPaint: ContinuousClock.Instant?
    private unowned let coordinator: any AppCoordinating

    init(application: Application, app: PlacesApp, trace log: (any EventLog)?) {
        self.application = application
        let coordinator = app.coordinator
        self.coordinator = coordinator
        listViewModel = app.list
        profileViewModel = app.profile
        trace = log.map(ScreenTrace.init)
        window = Window(application: application, title: Self.title, width: 1100, height: 750)
        map = MapCanvas(viewModel: app.map, layersViewModel: app.mapLayers)
        card = PlaceCard(viewModel: app.card)
        bottom = Stack([(name: "card", title: tr("Place card"), child: card.root)], sizedToPage: true)
        cardRevealer = Revealer(bottom, transition: .slideUp)
        activity = ActivityIndicator { [unowned coordinator] in coordinator.handle(.cancelImport) }

        notebook.expand(vertically: true)
        notebook.appendPage(map.root, title: Tab.map.title)
        notebook.appendPage(listPage, title: Tab.places.title)
        notebook.appendPage(profilePage, title: Tab.profile.title)
        // Toasts show over the tabs, above the card and its buttons.
        toasts = ToastOverlay(notebook)
        let newPlace = Button(icon: "list-add-symbolic", tooltip: AppAction.newPlace.title)
        newPlace.setAction("win.\(AppAction.newPlace.rawValue)")
        let header = HeaderBar(
            start: [newPlace, activity.root], startName: tr("New Place and import progress"),
            end: [MenuButton(icon: "open-menu-symbolic", tooltip: tr("Main Menu"), menu: WindowActions.menu, primary: true)],
            endName: tr("Main Menu and window buttons")
        )
        window.setContent(Box(.vertical, [header, banner.root, toasts, cardRevealer]))
        WindowActions.install(in: window, application: application, map: map.root, coordinator: coordinator)
        style = StyleSwitcher(in: window, viewModel: app.style)

        // Esc in a tab closes the card or the editor first; with neither up, it goes on to the toast
        // overlay around the tabs, which dismisses the toast up.
        let escape = ShortcutController(reach: .focusedWidget)
        escape.add("Escape") { [unowned self] in
            guard cardRevealer.revealsChild else { return false }
            coordinator.handle(.perform(.closeCard))
            return true
        }
        notebook.add(escape)

        let drop = FileDropTarget()
        drop.onDrop { [unowned coordinator] paths in coordinator.handle(.importFiles(paths)) }
        window.add(drop)
        notebook.onPageShown { [unowned self] page in self.buildPage(Tab.allCases[page]) }
        notebook.onUserSwitch { [unowned coordinator] page in coordinator.handle(.tabShown(Tab.allCases[page])) }
        trace?.follow(window: window, notebook: notebook, bottom: cardRevealer, isCardPage: { [bottom] in bottom.visiblePage == "card" }, card: card,
                      list: { [weak self] in self?.builtList })
        trace?.follow(map: map, state: app.map.state)
        FrameClock.afterEachPaint(of: window) { [weak self] _ in self?.lastPaint = .now }
    }

    func present() { window.present() }

    /// Runs `action` once the window has painted its next frame.
    func afterNextPaint(_ action: @escaping @MainActor () -> Void) { FrameClock.afterNextPaint(of: window, action) }

    /// Returns once the window has painted and then painted nothing for a quarter of a second: the
    /// card's slide, the map's glide and the tiles in view are on screen (`--screenshot` waits for it).
    /// It waits at most 30 s for the first frame, and 3 s for the window to come to rest after it (a
    /// text field's blinking cursor repaints it for ten). While `busy`, it is not at rest, nor after
    /// until a frame has shown what the work brought (or a second has shown there was nothing).
    func atRest(unless busy: () -> Bool) async {
        let start = ContinuousClock.now
        var firstPaint: ContinuousClock.Instant?
        var lastBusy: ContinuousClock.Instant?
        while ContinuousClock.now - start < .seconds(30) {
            if busy() {
                lastBusy = .now
            } else if let last = lastPaint, lastBusy.map({ last > $0 || ContinuousClock.now - $0 >= .seconds(1) }) ?? true {
                firstPaint = firstPaint ?? .now
                if ContinuousClock.now - last >= .milliseconds(250) || ContinuousClock.now - firstPaint! >= .seconds(3) { return }
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Fills the page of `tab` as it is shown.
    private func buildPage(_ tab: Tab) {
        switch tab {
        case .map: break
        case .places: _ = list
        case .profile: _ = profile
        }
    }

    /// Draws `worldMap` as the base map from now on (it loads while the window is built), `standIns`
    /// its coarsest tiles if they were made with it.
    func show(worldMap: WorldMap, standIns: BaseMapTiles.StandIns?) { map.show(worldMap: worldMap, standIns: standIns) }

    /// Adds the base map's detail, drawn when zoomed in (it loads after the first frame).
    func add(detail: WorldMap) { map.add(detail: detail) }

    // MARK: Shell

    func show(_ screen: Screen) {
        let wasEditing = bottom.visiblePage == "editor" && cardRevealer.revealsChild
        let tabChanges = notebook.currentPage != screen.tab.page
        notebook.currentPage = screen.tab.page
        card.shown(on: screen.tab)
        if tabChanges, screen.tab == .profile { profile.focusFirstField() }
        // Sent to the map (a place opened from the list, Show after an import): the keys work there.
        if tabChanges, screen.tab == .map { _ = map.area.grabFocus() }
        if let session = screen.editor {
            let editor = self.editor  // its page exists from here on
            bottom.visiblePage = "editor"
            cardRevealer.revealsChild = true
            editor.edit(session)
        } else {
            if screen.showsCard { bottom.visiblePage = "card" }
            cardRevealer.revealsChild = screen.showsCard
            if wasEditing { _ = map.area.grabFocus() }  // back where the editing started
        }
        activity.show(screen.activity)
        // A screen reader finds the card or the editor only while it is up.
        cardRevealer.hideFromScreenReaders(!cardRevealer.revealsChild)
    }

    func showError(_ message: String) {
        banner.show(message)
        trace?.errorShown(banner.text)
    }

    func showNotice(_ notice: Notice) {
        let coordinator = self.coordinator
        let button = notice.action.map { action in
            (label: action.label, action: { @MainActor in coordinator.handle(.noticeAction(action)) })
        }
        toasts.show(notice.message, seconds: UInt32(notice.seconds), button: button)
        trace?.noticeShown(notice.message)
    }

    func withdrawNotice() { toasts.dismiss() }

    func showDetails(_ details: NoticeDetails) {
        let dialog = MessageDialog(title: details.title, body: details.text, suggested: details.section == nil ? nil : tr("_Show Places"))
        dialog.present(over: window) { [unowned coordinator] in
            if let section = details.section { coordinator.handle(.noticeAction(.show(section))) }
        }
    }

    func openLink(_ link: String) {
        Task { [window, weak self] in
            guard let reason = await window.showURI(link) else { return }
            self?.coordinator.handle(.tell(.error(tr("Could not open {link}: {reason}", ["link": link, "reason": reason]))))
        }
    }

    func copyToClipboard(_ text: String) { window.copyToClipboard(text) }

    func askForName(_ question: NameQuestion, _ done: @escaping @MainActor (String) -> Void) {
        NameDialog(title: question.title, confirm: question.confirm, initial: question.initial).present(over: window, done)
    }

    func focusSearch() { list.focusSearch() }

    func chooseFilesToImport(_ done: @escaping @MainActor ([String]) -> Void) {
        // Places reads a file by its content; the filters only help find the files.
        let places = FileChooser.Filter(
            name: tr("GeoJSON, GPX, KML, KMZ and CSV files"),
            patterns: ["*.geojson", "*.json", "*.gpx", "*.kml", "*.kmz", "*.csv", "*.tsv"],
            mimeTypes: ["application/geo+json", "application/gpx+xml", "application/vnd.google-earth.kml+xml",
                        "application/vnd.google-earth.kmz", "text/csv", "text/tab-separated-values"]
        )
        FileChooser.open(title: tr("Import Places"), accept: tr("_Import"), filters: [places, Self.mapFiles, Self.allFiles], over: window, done)
    }

    func chooseMapFiles(_ done: @escaping @MainActor ([String]) -> Void) {
        FileChooser.open(title: tr("Open Map File"), accept: tr("_Open"), filters: [Self.mapFiles, Self.allFiles], over: window, done)
    }

    private static let mapFiles = FileChooser.Filter(
        name: tr("MBTiles and PMTiles maps"), patterns: ["*.mbtiles", "*.pmtiles"], mimeTypes: []
    )
    private static let allFiles = FileChooser.Filter(name: tr("All files"), patterns: ["*"], mimeTypes: [])

    func chooseDestination(for export: SectionExport, format: ExportFormat, _ done: @escaping @MainActor (String, ExportFormat) -> Void) {
        let formats = FileChooser.Choice(id: "format", label: tr("Format"), options: ExportFormat.allCases.map { ($0.rawValue, $0.name) },
                                         selected: format.rawValue)
        FileChooser.save(title: tr("Export {section}", ["section": export.title]), accept: tr("_Export"), fileName: export.fileName,
                         choice: formats, over: window) { path, chosen in
            done(path, chosen.flatMap(ExportFormat.init(rawValue:)) ?? format)
        }
    }

    func chooseBackupDestination(fileName: String, _ done: @escaping @MainActor (String) -> Void) {
        FileChooser.save(title: tr("Back Up All Places"), accept: tr("_Back Up"), fileName: fileName, over: window) { path, _ in done(path) }
    }

    func chooseBackupToRestore(_ done: @escaping @MainActor (String) -> Void) {
        let backups = FileChooser.Filter(name: tr("Places backups"), patterns: ["*.zip"], mimeTypes: ["application/zip"])
        FileChooser.open(title: tr("Restore Places"), accept: tr("_Restore"), filters: [backups, Self.allFiles], multiple: false, over: window) { paths in
            if let path = paths.first { done(path) }
        }
    }

    func chooseLibraryFolder(current: String?, _ done: @escaping @MainActor (String?) -> Void) {
        LibraryFolderDialog(current: current).present(over: window, done)
    }

    func showShortcuts() {
        if shortcuts == nil { shortcuts = WindowActions.shortcutsWindow() }
        shortcuts?.setModal(over: window)
        shortcuts?.present()
    }

    func showAbout() {
        AboutPlaces.window.present(over: window) { link, reason, over in
            MessageDialog(title: tr("Could not open the link"), body: tr("Could not open {link}: {reason}", ["link": link, "reason": reason]))
                .present(over: over)
        }
    }

    /// Closes the windows: the application ends once what it is saving is written.
    func quit() { application.closeWindows() }
}
