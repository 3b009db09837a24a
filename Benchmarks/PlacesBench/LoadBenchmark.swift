import Foundation
import PlacesCore

/// Loading all bundled data (`BundledData.load()`: places.geojson, world.bin, cities.tsv) against the
/// I/O floor (reading the three files' bytes) and Foundation's `JSONSerialization` on places.geojson.
struct LoadBenchmark {
    let directory: URL
    let runs: Int

    private static let files = ["places.geojson", "world.bin", "cities.tsv"]

    func run(checksum: inout Int) throws -> [ResultRow] {
        let bundled = BundledData(directory: directory)
        let urls = Self.files.map { directory.appendingPathComponent($0) }
        let placesURL = urls[0]
        // The load's three parts, each on bytes already read, to show where the time goes.
        let placesBytes = try Array(Data(contentsOf: urls[0]))
        let worldBytes = try Array(Data(contentsOf: urls[1]))
        let citiesBytes = try Array(Data(contentsOf: urls[2]))
        let sizes = [placesBytes.count, worldBytes.count, citiesBytes.count]
        print("Bundled data in \(directory.path): " + zip(Self.files, sizes).map { "\($0) \($1.formatted()) B" }.joined(separator: ", "))

        let contents = try bundled.load()
        print("  loaded \(contents.places.places.count.formatted()) places, \(contents.worldMap.layers.count) map layers, \(contents.cities.count.formatted()) cities")

        let runner = InterleavedRunner(rounds: runs, steps: 1, warmupRounds: 2)
        let times = try runner.run([
            { _ in
                let loaded = try bundled.load()
                return loaded.places.places.count + loaded.worldMap.layers.count + loaded.cities.count
            },
            { _ in try urls.reduce(0) { $0 + (try Data(contentsOf: $1)).count } },
            { _ in
                let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: placesURL))
                return ((object as? [String: Any])?["features"] as? [Any])?.count ?? -1
            },
            { _ in try GeoJSONReader(source: PlaceSource.bundledID).read(placesBytes).places.count },
            { _ in try WorldMapReader.read(worldBytes).layers.count },
            { _ in CityListReader.read(String(decoding: citiesBytes, as: UTF8.self)).count },
        ], checksum: &checksum)
        let parts = ["places.geojson (GeoJSONReader)", "world.bin (WorldMapReader)", "cities.tsv (CityListReader)"]
        print("  parts of the load, bytes already read (median of \(runs)): "
            + zip(parts, times[3...]).map { "\($0) \(ResultRow.format(Samples($1).median))" }.joined(separator: ", "))

        let name = "load all bundled data, `BundledData.load()`"
        return [
            ResultRow(measurement: name, ours: Samples(times[0]), baselineName: "read the 3 files' bytes: I/O floor",
                      baseline: Samples(times[1]), targetMilliseconds: 150),
            ResultRow(measurement: name, ours: Samples(times[0]), baselineName: "read + JSONSerialization of places.geojson only",
                      baseline: Samples(times[2]), targetMilliseconds: nil),
        ]
    }
}
