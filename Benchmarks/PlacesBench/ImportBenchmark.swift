import Foundation
import PlacesCore
import TestingSupport

/// Importing a large GeoJSON file (read + `GeoJSONReader.read`) against Foundation's `JSONSerialization`
/// on the same bytes, which parses JSON but checks nothing about GeoJSON and makes no places.
struct ImportBenchmark {
    let features: Int
    let runs: Int

    func run(checksum: inout Int) throws -> [ResultRow] {
        let clock = ContinuousClock()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("places-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("import-\(features).geojson")
        let generated = clock.now
        try Data(SyntheticGeoJSON.make(count: features, seed: 11)).write(to: file)
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        print("Generated \(file.lastPathComponent): \(features.formatted()) features, \(size.formatted()) bytes (\(String(format: "%.1f", Double(size) / 1e6)) MB, \(size / features) B per feature) in \(ResultRow.format((clock.now - generated).milliseconds))")

        let check = try GeoJSONReader(source: "import").read(Array(Data(contentsOf: file)))
        guard check.places.count == features, check.skippedFeatures == 0 else {
            throw BenchmarkFailure("the reader made \(check.places.count) places and skipped \(check.skippedFeatures): \(check.reasons)")
        }

        var readTimes: [Double] = []
        var parseTimes: [Double] = []
        var foundationParseTimes: [Double] = []
        let runner = InterleavedRunner(rounds: runs, steps: 1, warmupRounds: 0)
        let times = try runner.run([
            { _ in
                let start = clock.now
                let bytes = try Array(Data(contentsOf: file))
                let read = clock.now
                let result = try GeoJSONReader(source: "import").read(bytes)
                readTimes.append((read - start).milliseconds)
                parseTimes.append((clock.now - read).milliseconds)
                return result.places.count
            },
            { _ in
                let data = try Data(contentsOf: file)
                let start = clock.now
                let object = try JSONSerialization.jsonObject(with: data)
                foundationParseTimes.append((clock.now - start).milliseconds)
                return ((object as? [String: Any])?["features"] as? [Any])?.count ?? -1
            },
        ], checksum: &checksum)
        print("  file read alone (median of \(runs)): \(ResultRow.format(Samples(readTimes).median))")

        let name = "import \(features.formatted()) features, \(String(format: "%.1f", Double(size) / 1e6)) MB GeoJSON"
        return [
            ResultRow(measurement: "\(name): read file + `GeoJSONReader.read`", ours: Samples(times[0]),
                      baselineName: "read file + JSONSerialization", baseline: Samples(times[1]), targetMilliseconds: 1000),
            ResultRow(measurement: "\(name): `GeoJSONReader.read` alone", ours: Samples(parseTimes),
                      baselineName: "JSONSerialization alone", baseline: Samples(foundationParseTimes), targetMilliseconds: nil),
        ]
    }
}
