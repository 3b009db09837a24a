import Foundation
@testable import PlacesCore
import PlacesTestingSupport

/// Known places and cities the scenario and view-model suites share.
enum Samples {
    /// Fixed so that digit grouping ("9,890 km") does not depend on the machine.
    static let locale = Locale(identifier: "en_US")

    static let paris = Place(
        id: "capital-fr-paris", name: "Paris", category: .capital,
        coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), summary: "Capital of France",
        properties: ["country": "France"]
    )
    static let lyon = Place(
        id: "city-fr-lyon", name: "Lyon", category: .city,
        coordinate: Coordinate(latitude: 45.7640, longitude: 4.8357), summary: "City on the Rhône"
    )
    static let tokyo = Place(
        id: "capital-jp-tokyo", name: "Tokyo", category: .capital,
        coordinate: Coordinate(latitude: 35.6762, longitude: 139.6503), summary: "Capital of Japan"
    )
    static let madrid = Place(
        id: "capital-es-madrid", name: "Madrid", category: .capital,
        coordinate: Coordinate(latitude: 40.4168, longitude: -3.7038), summary: "Capital of Spain"
    )
    static let tomAndJerry = Place(
        id: "landmark-tom-and-jerry", name: "<b>Tom & Jerry's</b>", category: .landmark,
        coordinate: Coordinate(latitude: 34.0522, longitude: -118.2437), summary: "A \"cartoon\" studio & <i>shop</i>"
    )

    /// The scenario's places: far enough apart to be told apart on the map at zoom 7.
    static let places = [paris, lyon, tokyo, madrid, tomAndJerry]

    static let lyonCity = City(
        name: "Lyon", country: "France", coordinate: Coordinate(latitude: 45.7640, longitude: 4.8357), population: 1_700_000
    )
    static let parisCity = City(
        name: "Paris", country: "France", coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522), population: 11_000_000
    )
    static let tokyoCity = City(
        name: "Tokyo", country: "Japan", coordinate: Coordinate(latitude: 35.6850, longitude: 139.7514), population: 35_676_000
    )
    static let lyonsCity = City(
        name: "Lyons", country: "United States", coordinate: Coordinate(latitude: 41.8128, longitude: -87.8192),
        population: 10_000
    )
    static let zurichCity = City(
        name: "Zürich", country: "Switzerland", coordinate: Coordinate(latitude: 47.3769, longitude: 8.5417), population: 1_100_000
    )
    static let zugCity = City(
        name: "Zug", country: "Switzerland", coordinate: Coordinate(latitude: 47.1662, longitude: 8.5155), population: 30_000
    )

    static let cities = [lyonsCity, parisCity, zugCity, lyonCity, tokyoCity, zurichCity]
}

/// Everything a scenario needs: the app as it is built at launch, with stores in memory, its
/// models, and a recording window.
@MainActor
struct Scenario {
    let placesModel: PlacesModel
    let profileModel: ProfileModel
    let store: InMemoryProfileStore
    let app: PlacesApp
    let shell: RecordingShell
    let saves: SaveQueue
    /// The clock the view-models' timed work waits on; the scenario moves it.
    let clock = ManualClock()

    /// The standard map size used by the scenarios.
    static let viewport = ScreenSize(width: 1000, height: 700)

    /// Builds the app over the sample places; `start` attaches the recording shell.
    init(places: [Place] = Samples.places, profile: Profile? = nil, start: Bool = true, log: (any EventLog)? = nil,
         library: any LibraryStore = InMemoryLibraryStore(), mapSettings: any MapSettingsStore = InMemoryMapSettingsStore(),
         settings: any SettingsStore = InMemorySettingsStore(), onlineTileSource: OnlineTileSourceMaker? = nil, restoredFiles: URL? = nil,
         device: SyncDevice = SyncDevice(id: "this-computer", name: "this computer"), folderWatcher: (any FolderWatching)? = nil) {
        store = InMemoryProfileStore(profile)
        placesModel = PlacesModel(places: places, sources: places.isEmpty ? [] : [.bundled])
        saves = SaveQueue()
        profileModel = ProfileModel(profile: profile)
        app = PlacesApp(places: placesModel, profile: profileModel,
                        stores: .init(profile: store, library: library, map: mapSettings, settings: settings,
                                      restoredFiles: restoredFiles ?? FileManager.default.temporaryDirectory.appendingPathComponent("places-restored"),
                                      device: device),
                        saves: saves, log: log, locale: Samples.locale, onlineTileSource: onlineTileSource, clock: AppClock(clock),
                        folderWatcher: folderWatcher)
        app.profile.send(.cities(CityDirectory(Samples.cities)))
        shell = RecordingShell()
        shell.card = app.card
        if start { coordinator.start(in: shell) }
    }

    var coordinator: AppCoordinator { app.coordinator }
    var map: MapViewModel { app.map }
    var mapLayers: MapLayersViewModel { app.mapLayers }
    var list: PlacesListViewModel { app.list }
    var card: PlaceCardViewModel { app.card }
    var profile: ProfileViewModel { app.profile }
    var editor: PlacesEditor { app.editor }
    /// The place editor's session while the window shows it.
    var editing: PlaceEditorViewModel? { shell.screen?.editor }

    /// Returns once every save started so far (profile and library) has been written.
    func saved() async { await saves.finished() }

    /// Sizes the map and zooms in around `place` far enough that it has a marker of its own; returns
    /// the screen point of that marker.
    func pointOfMarker(for place: Place, zoomedBy levels: Double = 5) -> ScreenPoint {
        map.send(.resized(Self.viewport))
        map.settle()
        map.zoom(by: levels, around: map.camera.screenPoint(for: place.coordinate))
        return map.camera.screenPoint(for: place.coordinate)
    }
}

extension MapViewModel {
    /// Runs a pending camera animation to its end (first frame at t = 1000 s, then 0.31 s later).
    func settle() {
        guard state.latest?.isAnimating == true else { return }
        send(.frame(time: 1000))
        send(.frame(time: 1000.31))
    }

    /// Zooms by `levels` around the centre, as the zoom buttons do.
    func zoom(by levels: Double) { send(.zoom(levels: levels)) }

    /// Zooms by `levels` keeping the point under `point` in place, as the scroll wheel does.
    func zoom(by levels: Double, around point: ScreenPoint) { send(.scrolled(steps: -levels, at: point)) }
}

extension PlacesListRows {
    /// Every row, made now.
    var all: [PlacesListRow] { indices.map { self[$0] } }
}

@MainActor
extension PlacesListState {
    /// The place rows' ids, in display order (headers left out).
    var placeIDs: [Place.ID] {
        rows.all.compactMap { if case .place(let row) = $0 { row.id } else { nil } }
    }

    /// The section titles, in display order.
    var headers: [String] {
        rows.all.compactMap { if case .header(let header) = $0 { header.title } else { nil } }
    }

    /// The place row at `index`, nil for a header or out of range.
    func placeRow(at index: Int?) -> PlaceRow? {
        guard let index, rows.indices.contains(index), case .place(let row) = rows[index] else { return nil }
        return row
    }

    /// The index of the first row of place `id`.
    func rowIndex(of id: Place.ID) -> Int? {
        rows.all.firstIndex { if case .place(let row) = $0 { row.id == id } else { false } }
    }

    /// The ids of the rows under the header whose title starts with `prefix`.
    func section(_ prefix: String) -> [Place.ID] {
        var inSection = false
        var ids: [Place.ID] = []
        for row in rows.all {
            switch row {
            case .header(let header): inSection = header.title.hasPrefix(prefix + " (")
            case .place(let place): if inSection { ids.append(place.id) }
            }
        }
        return ids
    }
}

/// True when `a` and `b` differ by at most `tolerance` on both axes.
func isClose(_ a: Coordinate, _ b: Coordinate, tolerance: Double) -> Bool {
    abs(a.latitude - b.latitude) <= tolerance && abs(a.longitude - b.longitude) <= tolerance
}
