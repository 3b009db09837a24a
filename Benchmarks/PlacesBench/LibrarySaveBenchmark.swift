import Foundation
import PlacesCore
import PlacesTestingSupport

/// What a change of favourites costs the main thread with an 11 MB library: the library's keeper hands the
/// save to the background, against writing the library where the change happens (encoding it and
/// replacing the file atomically, as Places did before saves moved off the main thread).
@MainActor
struct LibrarySaveBenchmark {
    let favourites: Int
    let runs: Int

    func run(checksum: inout Int) async throws -> [ResultRow] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-bench-save-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ids = (0..<favourites).map { "file:/home/ada/Documents/trips/summer-\($0 / 1000).geojson/node/\($0)" }
        let library = Library(favourites: ids)
        let store = FileLibraryStore(folder: folder)
        try store.save(library)
        let size = (try FileManager.default.attributesOfItem(atPath: store.url.path)[.size] as? Int) ?? 0

        let places = SyntheticPlaces.make(count: 1000, seed: 5)
        let model = PlacesModel(places: places, sources: SyntheticPlaces.sources)
        let saves = SaveQueue()
        let app = PlacesApp.inMemory(places: model, library: store, saves: saves)
        await app.restoreLibrary()

        let clock = ContinuousClock()
        var ours: [Double] = []
        var direct: [Double] = []
        for round in 0..<(runs + 1) {
            let start = clock.now
            model.toggleFavourite(places[round % places.count].id)
            let handedOver = (clock.now - start).milliseconds
            await saves.finished()  // the background write, not on the main thread

            let writeStart = clock.now
            try store.save(library)
            let written = (clock.now - writeStart).milliseconds
            if round > 0 {
                ours.append(handedOver)
                direct.append(written)
            }
            checksum &+= model.favourites.count
        }
        return [ResultRow(
            measurement: "main thread per favourite change, \(String(format: "%.1f", Double(size) / 1e6)) MB library",
            ours: Samples(ours), baselineName: "writing it on the main thread", baseline: Samples(direct), targetMilliseconds: 16
        )]
    }
}
