import Foundation
import PlacesCore

/// What the markers for one step of a drag cost the place index (`LivePlaceIndex.markers`: every
/// segment's cells, merged cell by cell) with a million places, at world zoom and at zoom 6, against
/// the same with the bundled 1,701: what each frame of a drag over a million places waits for.
struct ClusterPanBenchmark {
    let rounds: Int

    func run(checksum: inout Int) throws -> [ResultRow] {
        let million = LivePlaceIndex(SyntheticPlaces.make(count: 1_000_000, seed: 21).map { WebMercator.project($0.coordinate) })
        let bundled = LivePlaceIndex(SyntheticPlaces.make(count: 1_701, seed: 21).map { WebMercator.project($0.coordinate) })
        var rows: [ResultRow] = []
        // The map's size in gui-bench's window: at world zoom (1,097 px wide) the view cuts the cells at both sides too.
        let viewport = ScreenSize(width: 1088, height: 654)
        for (name, centre, zoom) in [("world", Coordinate(latitude: 20, longitude: 0), 2.1), ("6", Coordinate(latitude: 46.5, longitude: 9.0), 6.0)] {
            var step = 0
            func camera() -> Camera {
                step += 1
                let start = Camera(center: centre, zoom: zoom, viewport: viewport)
                return start.panned(byX: Double(step % 200), y: Double(step % 200))
            }
            let runner = InterleavedRunner(rounds: rounds, steps: 1, warmupRounds: 5)
            let times = try runner.run([
                { _ in million.markers(for: camera()).count },
                { _ in bundled.markers(for: camera()).count },
            ], checksum: &checksum)
            rows.append(ResultRow(
                measurement: "markers for one step of a drag at \(name == "world" ? "world zoom" : "zoom " + name), 1,000,000 places",
                ours: Samples(times[0]), baselineName: "same, 1,701 places", baseline: Samples(times[1]), targetMilliseconds: 4, showsP90: true
            ))
        }
        return rows
    }
}
