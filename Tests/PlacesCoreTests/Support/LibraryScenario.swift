import Foundation
@testable import PlacesCore
import PlacesTestingSupport

/// The app over a given library store, as it is built at launch, with a recording window.
@MainActor
struct LibraryScenario {
    let scenario: Scenario

    /// Builds the app over `places` (the bundled-like samples unless told otherwise).
    init(library: any LibraryStore, places: [Place] = Samples.places) {
        scenario = Scenario(places: places, library: library)
    }

    var placesModel: PlacesModel { scenario.placesModel }
    var app: PlacesApp { scenario.app }
    var coordinator: AppCoordinator { scenario.coordinator }
    var shell: RecordingShell { scenario.shell }
    /// The place editor's session while the window shows it.
    var editing: PlaceEditorViewModel? { scenario.editing }

    /// Returns once every save started so far has been written.
    func saved() async { await scenario.saved() }

    /// The Places tab's view-model.
    var list: PlacesListViewModel { scenario.list }

    /// The model's favourites, sorted.
    var favourites: [Place.ID] { placesModel.favourites.sorted() }

    /// The model's sources' titles, in order.
    var sourceTitles: [String] { placesModel.sources.map(\.title) }

    /// Writes a two-place GeoJSON file `name` into `folder`; returns its source (as an import names it).
    static func writeTrip(_ name: String = "trip.geojson", in folder: TemporaryDirectory) throws -> PlaceSource {
        let url = try folder.write(#"""
        {"type":"FeatureCollection","features":[
          {"type":"Feature","id":"eiffel","geometry":{"type":"Point","coordinates":[2.2945,48.8584]},"properties":{"name":"Eiffel Tower"}},
          {"type":"Feature","id":"louvre","geometry":{"type":"Point","coordinates":[2.3376,48.8606]},"properties":{"name":"Louvre"}}
        ]}
        """#, to: name)
        return PlaceSource(id: "file:" + url.standardizedFileURL.path, title: url.lastPathComponent, path: url.path)
    }
}

/// Lets the main actor run until `condition` holds (work the coordinator started in a task of its
/// own, such as importing files another instance added), for at most `seconds`: long, as every suite
/// shares the main actor, and on a busy machine one can keep it for a minute and more; the deadline
/// only costs time when a test fails.
@MainActor
func waitUntil(seconds: Double = 300, _ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition(), ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
    }
}
