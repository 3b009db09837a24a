// places-bench: search per keystroke, bundled-data load, a 100,000-feature GeoJSON import, a drag step (and its
// markers with a million places), shared
// feature ids, a favourite change with a large library, editing one own place among 100,000, and a library
// kept in a sync folder, each against a baseline measured in the same run.
// Run with `swift run -c release places-bench [NAME...]`.
import Foundation
import TestingSupport

#if DEBUG
print("warning: debug build; run `swift run -c release places-bench` for meaningful numbers")
#endif

/// The benchmarks by name, in the order they run; `places-bench NAME...` runs only those named.
@MainActor
func allBenchmarks() -> [(name: String, run: (inout Int) async throws -> [ResultRow])] { [
    ("search", { try SearchBenchmark(placeCount: 100_000, typing: "san jo", rounds: 3).run(checksum: &$0) }),
    ("gazetteer", { try await GazetteerBenchmark(directory: DataDirectory.locate(), rounds: 5, importedPlaces: 1_000_000, lookups: 10_000).run(checksum: &$0) }),
    ("load", { try LoadBenchmark(directory: DataDirectory.locate(), runs: 15).run(checksum: &$0) }),
    ("import", { try ImportBenchmark(features: 100_000, runs: 5).run(checksum: &$0) }),
    ("check", { try CheckBenchmark(features: 100_000, runs: 7).run(checksum: &$0) }),
    ("export", { try ExportBenchmark(features: 100_000, runs: 5).run(checksum: &$0) }),
    ("drag", { try MapInputBenchmark(rounds: 200).run(checksum: &$0) }),
    ("pan-million", { try ClusterPanBenchmark(rounds: 100).run(checksum: &$0) }),
    ("drag-million", { try MapInputBenchmark(places: 1_000_000, rounds: 100).run(checksum: &$0) }),
    ("shared-id", { try SharedIDBenchmark(features: 30_000, runs: 7).run(checksum: &$0) }),
    ("favourite", { try await LibrarySaveBenchmark(favourites: 145_000, runs: 9).run(checksum: &$0) }),
    ("edit", { try OwnPlaceEditBenchmark(places: 100_000, rounds: 15).run(checksum: &$0) }),
    ("sync", { try SyncFolderBenchmark(places: 100_000, runs: 7).run(checksum: &$0) }),
] }

@MainActor
func runBenchmarks(named names: [String], checksum: inout Int) async throws -> [ResultRow] {
    let benchmarks = allBenchmarks()
    if let unknown = names.first(where: { name in !benchmarks.contains { $0.name == name } }) {
        throw BenchmarkFailure("no benchmark is called \(unknown); there are \(benchmarks.map(\.name).joined(separator: ", "))")
    }
    var rows: [ResultRow] = []
    for benchmark in benchmarks where names.isEmpty || names.contains(benchmark.name) {
        rows += try await benchmark.run(&checksum)
        print("")
    }
    return rows
}

let clock = ContinuousClock()
let start = clock.now
var checksum = 0
do {
    var total = 0
    let rows = try await runBenchmarks(named: Array(CommandLine.arguments.dropFirst()), checksum: &total)
    checksum = total
    print("")
    Report(machine: Machine.current(), rows: rows).print()
} catch {
    print("places-bench: \(error)")
    exit(1)
}
print("")
print("checksum \(checksum), \(String(format: "%.1f", (clock.now - start).milliseconds / 1000)) s")
