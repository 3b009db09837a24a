import PlacesCore
import PlacesTestingSupport

/// One edit of an own place among 100,000 (add, rename, move, delete), through the app's
/// editor: the model broadcasts it and every view-model (map, list, card) and the coordinator apply
/// it. The baseline is what a view layer that reloads on change would pay: building the map, list
/// and card view-models anew over the same model.
@MainActor
struct OwnPlaceEditBenchmark {
    let places: Int
    let rounds: Int

    func run(checksum: inout Int) throws -> [ResultRow] {
        let model = PlacesModel(places: SyntheticPlaces.make(count: places, seed: 11), sources: SyntheticPlaces.sources)
        let profile = ProfileModel()
        let app = PlacesApp.inMemory(places: model, profile: profile)
        let viewport = ScreenSize(width: 1000, height: 700)
        app.map.send(.resized(viewport))
        app.list.send(.search(""))
        let editor = app.editor
        let id = "mine/bench"
        let added = Place(id: id, name: "Café Sperl", category: .other("cafe"),
                          coordinate: Coordinate(latitude: 48.1978, longitude: 16.3617), source: PlaceSource.mineID)
        var renamed = added
        renamed.name = "Café Sperl am Gumpendorfer"
        var moved = renamed
        moved.coordinate = Coordinate(latitude: 48.2082, longitude: 16.3738)

        let steps: [(name: String, run: () -> Void)] = [
            ("add", { editor.save(added) }),
            ("rename", { editor.save(renamed) }),
            ("move", { editor.save(moved) }),
            ("delete", { editor.delete(id) }),
        ]
        let clock = ContinuousClock()
        var ours = Array(repeating: [Double](), count: steps.count)
        var rebuild: [Double] = []
        for round in 0..<(rounds + 1) {
            for (index, step) in steps.enumerated() {
                let start = clock.now
                step.run()
                if round > 0 { ours[index].append((clock.now - start).milliseconds) }
                checksum &+= model.places.count + (app.map.state.latest?.markers.count ?? 0) + (app.list.state.latest?.found ?? 0)
            }
            let start = clock.now
            let map = MapViewModel(model: model, layers: MapLayersModel(), pacer: Unpaced())
            map.send(.resized(viewport))
            let list = PlacesListViewModel(model: model, profile: profile, pacer: Unpaced())
            let card = PlaceCardViewModel(places: model, profile: profile)
            if round > 0 { rebuild.append((clock.now - start).milliseconds) }
            checksum &+= (map.state.latest?.markers.count ?? 0) + (list.state.latest?.found ?? 0) + (card.state.latest == nil ? 0 : 1)
        }
        return steps.indices.map { index in
            ResultRow(
                measurement: "\(steps[index].name) an own place among \(places.formatted()), every tab updated",
                ours: Samples(ours[index]), baselineName: "rebuilding map, list and card", baseline: Samples(rebuild),
                targetMilliseconds: 2, showsP90: true
            )
        }
    }
}
