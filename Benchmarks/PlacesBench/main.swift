// places-bench: search per keystroke, bundled-data load, a 100,000-feature GeoJSON import, a drag step, shared
// feature ids, a favourite change with a large library and editing one own place among 100,000, each against a
// baseline measured in the same run.
// Run with `swift run -c release places-bench`.
import Foundation
import TestingSupport

#if DEBUG
print("warning: debug build; run `swift run -c release places-bench` for meaningful numbers")
#endif

@MainActor
func runBenchmarks(checksum: inout Int) async throws -> [ResultRow] {
    var rows = try SearchBenchmark(placeCount: 100_000, typing: "san jo", rounds: 3).run(checksum: &checksum)
    print("")
    rows += try LoadBenchmark(directory: DataDirectory.locate(), runs: 15).run(checksum: &checksum)
    print("")
    rows += try ImportBenchmark(features: 100_000, runs: 5).run(checksum: &checksum)
    print("")
    rows += try MapInputBenchmark(rounds: 200).run(checksum: &checksum)
    rows += try SharedIDBenchmark(features: 30_000, runs: 7).run(checksum: &checksum)
    rows += try await LibrarySaveBenchmark(favourites: 145_000, runs: 9).run(checksum: &checksum)
    rows += try OwnPlaceEditBenchmark(places: 100_000, rounds: 15).run(checksum: &checksum)
    return rows
}

let clock = ContinuousClock()
let start = clock.now
var checksum = 0
do {
    var total = 0
    let rows = try await runBenchmarks(checksum: &total)
    checksum = total
    print("")
    Report(machine: Machine.current(), rows: rows).print()
} catch {
    print("places-bench: \(error)")
    exit(1)
}
print("")
print("checksum \(checksum), \(String(format: "%.1f", (clock.now - start).milliseconds / 1000)) s")
