import Foundation
import CGlibc
import PlacesCore
import PlacesTestingSupport
import TestingSupport

/// Finding any place offline: the gazetteer's search per keystroke against SQLite FTS5 holding the same
/// names (`FTS5Names`), the whole keystroke of the list with the gazetteer and a million imported places,
/// the nearest town against SQLite's R*Tree, and what reading the gazetteer costs in time and memory.
@MainActor
struct GazetteerBenchmark {
    let directory: URL
    /// Typed one character at a time.
    let queries = ["grenoble", "springfield il", "london airport", "zurik", "tubingen", "san jo"]
    let rounds: Int
    let importedPlaces: Int
    let lookups: Int

    func run(checksum: inout Int) async throws -> [ResultRow] {
        let clock = ContinuousClock()
        // What the benchmarks before freed is given back first: the gazetteer would be read into it unseen.
        malloc_trim(0)
        let residentBefore = Self.resident()
        var start = clock.now
        let gazetteer = try BundledData(directory: directory).loadGazetteer()
        let loadTime = (clock.now - start).milliseconds
        let residentGrowth = Self.resident() - residentBefore
        print("Gazetteer read: \(gazetteer.count.formatted()) places in \(ResultRow.format(loadTime)), resident memory +\(String(format: "%.0f", residentGrowth)) MB")
        start = clock.now
        let baseline = try FTS5Names(gazetteer)
        let baselineBuildTime = (clock.now - start).milliseconds
        print("FTS5 and R*Tree tables built in \(ResultRow.format(baselineBuildTime))")

        let keystrokes = queries.flatMap { query in query.indices.map { String(query[...$0]) } }
        let centre = Coordinate(latitude: 45.76, longitude: 4.84)
        let runner = InterleavedRunner(rounds: rounds, steps: keystrokes.count, warmupRounds: 1)
        let times = try runner.run([
            { step in gazetteer.search(keystrokes[step], near: centre, limit: 20).count },
            { step in baseline.search(keystrokes[step]).count },
            { step in baseline.search(keystrokes[step], ranked: false).count },
        ], checksum: &checksum)
        print("Town search per keystroke (median of \(rounds) rounds): Places / FTS5 ranked / FTS5 unranked")
        for (step, query) in keystrokes.enumerated() {
            let parts = times.map { ResultRow.format(runner.samples($0, step: step).median) }
            print("  \"\(query)\" → \(parts.joined(separator: " / "))")
        }
        for query in queries {
            let ours = gazetteer.search(query, near: centre, limit: 3).map { gazetteer.place($0.place).name }
            let theirs = baseline.search(query).prefix(3).map { gazetteer.place($0).name }
            print("  \"\(query)\": Places \(ours), FTS5 \(Array(theirs))")
        }

        // The whole keystroke as the window's list makes it: a million places of files, and the gazetteer.
        let places = SyntheticPlaces.make(count: importedPlaces, seed: 11)
        let model = PlacesModel(places: places, sources: SyntheticPlaces.sources)
        let withGazetteer = GazetteerModel()
        withGazetteer.load(gazetteer)
        let list = PlacesListViewModel(model: model, profile: ProfileModel(), gazetteer: withGazetteer, mapCentre: { centre },
                                       pacer: Unpaced(), locale: Locale(identifier: "en_US"))
        let listOnly = PlacesListViewModel(model: model, profile: ProfileModel(), pacer: Unpaced(), locale: Locale(identifier: "en_US"))
        let typed = keystrokes + [""]
        // A million places' search keys are laid out in snapshots off the main thread, one segment after
        // another; until then they are checked one by one (what a keystroke costs right after an import).
        // Timed once they are in place, as a person types a few seconds later: nothing outside the list
        // says when, so the main actor is left free for 6 s first.
        try await Task.sleep(for: .seconds(6))
        let listRunner = InterleavedRunner(rounds: rounds, steps: typed.count, warmupRounds: 1)
        let listTimes = try listRunner.run([
            { step in
                list.send(.search(typed[step]))
                return list.state.latest?.rows.count ?? 0
            },
            { step in
                listOnly.send(.search(typed[step]))
                return listOnly.state.latest?.rows.count ?? 0
            },
        ], checksum: &checksum)

        print("List keystrokes with \(importedPlaces.formatted()) places (median of \(rounds) rounds): with the gazetteer / without")
        for (step, query) in typed.enumerated() {
            let parts = listTimes.map { ResultRow.format(listRunner.samples($0, step: step).median) }
            print("  \"\(query)\" → \(parts[0]) / \(parts[1])")
        }

        // "What's here?" at random points on land and sea alike.
        var random = SplitMix64(seed: 5)
        let points = (0..<lookups).map { _ in
            Coordinate(latitude: Double(random.next() % 140_000) / 1000 - 60, longitude: Double(random.next() % 360_000) / 1000 - 180)
        }
        var disagreements = 0
        for point in points.prefix(200) where gazetteer.nearestTown(to: point)?.town.index != baseline.nearest(to: point) { disagreements += 1 }
        print("Nearest town: Places and the R*Tree boxes disagree on \(disagreements) of 200 points (a box's corner is farther than its side)")
        let nearestRunner = InterleavedRunner(rounds: 1, steps: lookups, warmupRounds: 1)
        let nearestTimes = try nearestRunner.run([
            { step in gazetteer.nearestTown(to: points[step])?.town.index ?? 0 },
            { step in baseline.nearest(to: points[step]) ?? 0 },
        ], checksum: &checksum)

        return [
            ResultRow(measurement: "town search per keystroke, \(gazetteer.count.formatted()) towns and airports (\(keystrokes.count) keystrokes)",
                      ours: Samples(times[0]), baselineName: "SQLite FTS5 prefix query, best 20 by bm25", baseline: Samples(times[1]),
                      target: .p99Below(10)),
            ResultRow(measurement: "reference: FTS5 prefix query, first 20 unranked", ours: Samples(times[0]),
                      baselineName: "SQLite FTS5, no ranking", baseline: Samples(times[2]), target: nil),
            ResultRow(measurement: "list keystroke, gazetteer + \(importedPlaces.formatted()) places (filter + towns + rows + publish)",
                      ours: Samples(listTimes[0]), baselineName: "the same list without the gazetteer", baseline: Samples(listTimes[1]),
                      target: .p99Only(10)),
            ResultRow(measurement: "nearest town (\"What's here?\"), \(lookups.formatted()) points", ours: Samples(nearestTimes[0]),
                      baselineName: "SQLite R*Tree, growing boxes", baseline: Samples(nearestTimes[1]), target: .below(1)),
            ResultRow(measurement: "reading the gazetteer (after the first frame, when first needed)", ours: Samples([loadTime]),
                      baselineName: "building FTS5 and R*Tree tables of it", baseline: Samples([baselineBuildTime]), target: nil),
            ResultRow(measurement: "resident memory of the gazetteer read", ours: Samples([residentGrowth]),
                      baselineName: "target", baseline: Samples([60]), target: .atMost(60), unit: .megabytes),
        ]
    }

    /// This process's resident memory, in MB (`VmRSS`).
    private static func resident() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }
}
