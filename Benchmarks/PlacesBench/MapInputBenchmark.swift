import Foundation
import PlacesCore

/// What one drag step costs the map's view-model (camera, markers and clusters, labels, publish) at
/// world and city zoom, with `places` places against the bundled 1,701. The drag is diagonal, as a
/// person's is: at world zoom the whole width of the world is in view, and a sideways drag moves nothing.
@MainActor
struct MapInputBenchmark {
    var places = 100_000
    let rounds: Int

    func run(checksum: inout Int) throws -> [ResultRow] {
        let big = MapViewModel(model: PlacesModel(places: SyntheticPlaces.make(count: places, seed: 3), sources: SyntheticPlaces.sources),
                               layers: MapLayersModel(), pacer: Unpaced())
        let small = MapViewModel(model: PlacesModel(places: SyntheticPlaces.make(count: 1_701, seed: 3), sources: SyntheticPlaces.sources),
                                 layers: MapLayersModel(), pacer: Unpaced())
        var rows: [ResultRow] = []
        for (name, centre, zoom) in [("world", Coordinate(latitude: 20, longitude: 0), 2.1), ("city", Coordinate(latitude: 48.85, longitude: 2.35), 11.0)] {
            for map in [big, small] {
                map.send(.resized(ScreenSize(width: 1088, height: 532)))
                map.send(.show(center: centre, zoom: zoom))
                map.send(.pressed)
                map.send(.dragBegan(at: ScreenPoint(x: 1, y: 1)))
            }
            let runner = InterleavedRunner(rounds: rounds, steps: 1, warmupRounds: 5)
            var offset = 0.0
            // One pixel on and back, down and right of where the drag began.
            func step(_ map: MapViewModel) -> Int {
                offset += 1
                let shift = 8 + offset.truncatingRemainder(dividingBy: 2)
                map.send(.dragged(dx: shift, dy: shift))
                return map.state.latest?.markers.count ?? 0
            }
            let times = try runner.run([{ _ in step(big) }, { _ in step(small) }], checksum: &checksum)
            rows.append(ResultRow(
                measurement: "one drag step at \(name) zoom, \(places.formatted()) places (\(big.state.latest?.markers.count ?? 0) markers)",
                ours: Samples(times[0]), baselineName: "same, 1,701 places", baseline: Samples(times[1]), targetMilliseconds: 4, showsP90: true
            ))
        }
        return rows
    }
}
