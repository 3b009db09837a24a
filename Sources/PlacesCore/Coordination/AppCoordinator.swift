import Foundation
import Multicast

/// Owns the models and every tab's view-model, and drives the window through `Shell`: a selection
/// reveals the place card, clearing it hides the card; Esc, the card's close button and a tap on
/// empty map clear the selection; a list activation selects and shows the Map tab.
///
/// Navigation requested while another is being handled (a shell callback asking for a tab, say) is
/// queued and performed in order once the current one finishes: never lost, never re-entered.
@MainActor
public final class AppCoordinator: PlacesModelDelegate, ProfileModelDelegate, Navigator {
    /// The shared places model.
    public let placesModel: PlacesModel
    /// The shared profile model.
    public let profileModel: ProfileModel
    /// The Map tab's view-model.
    public let map: MapViewModel
    /// The Places tab's view-model.
    public let list: PlacesListViewModel
    /// The Profile tab's view-model.
    public let profile: ProfileViewModel
    /// The place card's view-model.
    public let card: PlaceCardViewModel
    /// What is loading in the background, in words ("Importing trip.geojson…"); nil when nothing is.
    public let activity = Publink<String?>(replaysLast: true)
    /// The tab on screen.
    public private(set) var currentTab: Tab = .map
    /// Favourites and imported files kept between launches.
    let libraryKeeper: LibraryKeeper

    private weak var shell: (any Shell)?
    let log: (any EventLog)?
    private var pending: [Navigation] = []
    private var isNavigating = false
    private var hasShownTab = false
    private var errorsBeforeStart: [String] = []
    /// How many `importFiles` calls are under way (the activity line clears when the last ends).
    var runningImports = 0

    private enum Navigation {
        case tab(Tab)
        case revealCard(Place)
        case hideCard
        case error(String)
    }

    /// Creates the models' view-models and subscribes to both models; favourites and imported files
    /// are kept in `library` once `restoreLibrary()` has read it.
    public init(
        placesModel: PlacesModel, profileModel: ProfileModel, cities: CityDirectory = CityDirectory([]),
        library: any LibraryStore = InMemoryLibraryStore(), log: (any EventLog)? = nil, locale: Locale = .current
    ) {
        self.placesModel = placesModel
        self.profileModel = profileModel
        self.log = log
        libraryKeeper = LibraryKeeper(store: library, favourites: placesModel.favourites)
        map = MapViewModel(model: placesModel)
        list = PlacesListViewModel(model: placesModel, locale: locale)
        profile = ProfileViewModel(profileModel: profileModel, cities: cities)
        card = PlaceCardViewModel(placesModel: placesModel, profileModel: profileModel, locale: locale)
        placesModel.location = profileModel.homeCity?.coordinate
        placesModel.delegates += self
        profileModel.delegates += self
        list.navigator = self
        map.onCameraSettled = { [weak self] camera in
            guard let self, let log = self.log else { return }
            let origin = self.map.canvasOrigin
            log.record(.camera(
                center: camera.center, zoom: camera.zoom, width: camera.viewport.width, height: camera.viewport.height,
                originX: origin.x, originY: origin.y
            ))
        }
    }

    /// Attaches the window and shows the current state in it.
    public func start(in shell: any Shell) {
        self.shell = shell
        enqueue(.tab(currentTab))
        if let place = placesModel.selectedPlace { enqueue(.revealCard(place)) }
        errorsBeforeStart.forEach { enqueue(.error($0)) }
        errorsBeforeStart = []
    }

    /// Shows `tab` (from a view-model, a shortcut or a menu).
    public func show(tab: Tab) {
        enqueue(.tab(tab))
    }

    /// The person switched tabs in the notebook itself: note it, without asking the shell again.
    public func tabDidChange(to tab: Tab) {
        guard tab != currentTab else { return }
        currentTab = tab
        log?.record(.tabShown(tab))
    }

    /// Esc (outside text entries): clears the selection. Returns whether there was one to clear.
    @discardableResult
    public func cancel() -> Bool {
        guard placesModel.selectedItem != nil else { return false }
        placesModel.selectedItem = nil
        return true
    }

    /// Shows `message` to the person (a file that could not be read, a folder that is not writable).
    public func report(error message: String) {
        guard shell != nil else {
            errorsBeforeStart.append(message)  // nothing to show them in yet: shown by start(in:)
            return
        }
        enqueue(.error(message))
    }

    /// Records that a source finished loading (for the trace).
    public func didLoad(source: String, places: Int, skipped: Int, milliseconds: Double) {
        log?.record(.placesLoaded(source: source, places: places, skipped: skipped, milliseconds: milliseconds))
    }

    public func didSelectItem(_ id: Place.ID?) {
        enqueue(placesModel.selectedPlace.map(Navigation.revealCard) ?? .hideCard)
    }

    public func didUpdate(city: City?) {
        placesModel.location = city?.coordinate
    }

    public func didSave() {
        log?.record(.profileSaved(name: profileModel.name, city: profileModel.homeCity?.displayName))
    }

    private func enqueue(_ navigation: Navigation) {
        pending.append(navigation)
        guard !isNavigating else { return }
        isNavigating = true
        defer { isNavigating = false }
        while !pending.isEmpty {
            perform(pending.removeFirst())
        }
    }

    private func perform(_ navigation: Navigation) {
        guard let shell else { return }
        switch navigation {
        case .tab(let tab):
            guard tab != currentTab || !hasShownTab else { return }
            currentTab = tab
            hasShownTab = true
            shell.show(tab: tab)
            log?.record(.tabShown(tab))
        case .revealCard(let place):
            shell.revealCard(place)
            log?.record(.cardRevealed(id: place.id, name: place.name))
        case .hideCard:
            shell.hideCard()
            log?.record(.cardHidden)
        case .error(let message):
            shell.showError(message)
            log?.record(.errorShown(message))
        }
    }
}
