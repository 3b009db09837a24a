import CGtk
import PlacesCore

/// The window: a `GtkNotebook` with the Map, Places and Profile tabs above a bottom `GtkRevealer` that
/// slides the place card up. It implements `Shell`, so the coordinator drives it without seeing GTK.
@MainActor
final class MainWindow: Shell {
    static let title = "Places"

    let window: UnsafeMutablePointer<GtkWidget>
    let map: MapCanvas
    private let notebook: OpaquePointer
    private let cardRevealer: OpaquePointer
    private let list: PlacesListView
    private let profile: ProfileForm
    private let card: PlaceCard
    private let banner = ErrorBanner()
    private let activity: ActivityIndicator
    private unowned let coordinator: AppCoordinator

    init(application: UnsafeMutablePointer<GtkApplication>, coordinator: AppCoordinator, worldMap: WorldMap) {
        self.coordinator = coordinator
        window = gtk_application_window_new(application)
        gtk_window_set_title(window.cast(gtk_window_get_type(), as: UnsafeMutablePointer<GtkWindow>.self), Self.title)
        gtk_window_set_default_size(window.cast(gtk_window_get_type(), as: UnsafeMutablePointer<GtkWindow>.self), 1100, 750)
        map = MapCanvas(viewModel: coordinator.map, worldMap: worldMap)
        list = PlacesListView(viewModel: coordinator.list)
        profile = ProfileForm(viewModel: coordinator.profile)
        card = PlaceCard(viewModel: coordinator.card)
        activity = ActivityIndicator(activity: coordinator.activity)

        notebook = gtk_notebook_new()!.cast(gtk_notebook_get_type())
        gtk_widget_set_vexpand(notebook.widget, 1)
        for (tab, page) in [(Tab.map, map.root.widget), (.places, list.root.widget), (.profile, profile.root.widget)] {
            let label = gtk_label_new(tab.title)
            gtk_notebook_append_page(notebook, page.widget, label)
        }
        cardRevealer = gtk_revealer_new()!.cast(gtk_revealer_get_type())
        gtk_revealer_set_transition_type(cardRevealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_transition_duration(cardRevealer, 250)
        gtk_revealer_set_child(cardRevealer, card.root.widget)

        let content = Widget.box(vertical: true, spacing: 0, [banner.root, notebook, cardRevealer])
        gtk_window_set_child(window.cast(gtk_window_get_type(), as: UnsafeMutablePointer<GtkWindow>.self), content.widget)
        gtk_window_set_titlebar(window.cast(gtk_window_get_type(), as: UnsafeMutablePointer<GtkWindow>.self), HeaderBar.make(start: activity.root).widget)

        notebook.connect(Signals.notifyPage) { [weak self] _ in
            guard let self, let tab = Tab(rawValue: Int(gtk_notebook_get_current_page(self.notebook))) else { return }
            self.coordinator.tabDidChange(to: tab)
        }
        WindowShortcuts.install(on: window, coordinator: coordinator, searchEntry: list.searchEntry)
        ShortcutsWindow.attach(to: window)
        map.onFirstFrameWithPlaces = { [unowned coordinator] count in coordinator.didDrawFirstFrame(places: count) }
        cardRevealer.connect(Signals.notifyChildRevealed) { [weak self] _ in
            guard let self, gtk_revealer_get_child_revealed(self.cardRevealer) != 0 else { return }
            self.coordinator.cardDidFinishRevealing()
        }
        FileDropTarget.attach(to: window) { paths in Task { await coordinator.importFiles(paths) } }
    }

    /// Presents the window.
    func present() {
        gtk_window_present(window.cast(gtk_window_get_type(), as: UnsafeMutablePointer<GtkWindow>.self))
    }

    /// Replaces the base map once it has loaded.
    func show(worldMap: WorldMap) { map.setWorldMap(worldMap) }

    // MARK: Shell

    func show(tab: Tab) {
        if gtk_notebook_get_current_page(notebook) != Int32(tab.rawValue) {
            gtk_notebook_set_current_page(notebook, Int32(tab.rawValue))
        }
        if tab == .profile { profile.focusFirstField() }
    }

    func revealCard(_ place: Place) {
        gtk_revealer_set_reveal_child(cardRevealer, 1)
    }

    func hideCard() {
        gtk_revealer_set_reveal_child(cardRevealer, 0)
    }

    func showError(_ message: String) {
        banner.show(message)
    }
}
