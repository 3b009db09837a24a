import Foundation
import PlacesCore
import PlacesTestingSupport

/// Search re-filter per keystroke: what a keystroke costs in the app (`PlacesListViewModel` filters,
/// lays out the section rows and publishes), against the fair baseline, a scan of keys folded once in
/// advance (one key array per place), and for reference a filter that folds every place's text again
/// on every keystroke.
@MainActor
struct SearchBenchmark {
    let placeCount: Int
    /// Typed one character at a time, then cleared.
    let keystrokes: [String]
    let rounds: Int

    init(placeCount: Int, typing text: String, rounds: Int) {
        self.placeCount = placeCount
        keystrokes = text.indices.map { String(text[...$0]) } + [""]
        self.rounds = rounds
    }

    func run(checksum: inout Int) throws -> [ResultRow] {
        let places = SyntheticPlaces.make(count: placeCount, seed: 7)
        let model = PlacesModel(places: places, sources: SyntheticPlaces.sources)
        model.batch {
            for index in stride(from: 0, to: places.count, by: places.count / 25) { model.setFavourite(places[index].id, true) }
        }
        let clock = ContinuousClock()
        let start = clock.now
        let viewModel = PlacesListViewModel(model: model, profile: ProfileModel(), pacer: Unpaced(), locale: Locale(identifier: "en_US"))
        print("PlacesListViewModel init (keys + sections), \(placeCount.formatted()) places: \(ResultRow.format((clock.now - start).milliseconds))")

        var publishes = 0
        var publishedRows = 0
        let subscription = viewModel.state.subscribe { state in
            publishes += 1
            publishedRows &+= state.rows.count
        }
        let keys = KeyFilter.keys(of: places)
        let filters = [KeyFilter(keys: keys, order: Array(places.indices))]
        let naive = NaiveFilter(places: places)
        let counts = try verify(viewModel, filters, naive)

        let runner = InterleavedRunner(rounds: rounds, steps: keystrokes.count, warmupRounds: 0)
        let times = try runner.run([
            { step in
                viewModel.send(.search(keystrokes[step]))
                return viewModel.state.latest?.rows.count ?? 0
            },
            { step in filters[0].matches(keystrokes[step]).count },
            { step in naive.matches(keystrokes[step]).count },
        ], checksum: &checksum)
        withExtendedLifetime(subscription) {}

        let expectedPublishes = 1 + keystrokes.count * (rounds + 1)
        guard publishes == expectedPublishes else {
            throw BenchmarkFailure("the view-model published \(publishes) states, expected \(expectedPublishes)")
        }
        checksum &+= publishedRows
        print("Typing \"\(keystrokes[keystrokes.count - 2])\" one character at a time, then clearing; per keystroke (median of \(rounds) rounds; \(publishes) states published, \(publishedRows.formatted()) rows in all):")
        for (step, query) in keystrokes.enumerated() {
            let parts = times.map { ResultRow.format(runner.samples($0, step: step).median) }
            print("  \"\(query)\" → \(counts[step].formatted()) matches: search \(parts[0]), pre-folded key scan \(parts[1]), re-folding \(parts[2])")
        }
        let name = "keystroke, \(placeCount.formatted()) places"
        return [
            ResultRow(measurement: "\(name): `.search` input (filter + rows + publish)", ours: Samples(times[0]),
                      baselineName: "scan of pre-folded keys, filter only", baseline: Samples(times[1]), targetMilliseconds: 10, showsP90: true),
            ResultRow(measurement: "reference: re-folding every place's text per keystroke", ours: Samples(times[2]),
                      baselineName: "scan of pre-folded keys, filter only", baseline: Samples(times[1]), targetMilliseconds: nil, showsP90: true),
        ]
    }

    /// Types every keystroke once: the places the view-model lists, both key filters and the naive filter
    /// must agree. Returns the match count per keystroke.
    private func verify(_ viewModel: PlacesListViewModel, _ filters: [KeyFilter], _ naive: NaiveFilter) throws -> [Int] {
        try keystrokes.map { query in
            viewModel.send(.search(query))
            let rows = viewModel.state.latest?.rows ?? PlacesListRows()
            let listed = Set(rows.indices.compactMap { position -> Place.ID? in if case .place(let place) = rows[position] { place.id } else { nil } })
            let naiveMatches = naive.matches(query)
            let keyed = filters.map { Set($0.matches(query)).sorted() }
            guard listed.count == naiveMatches.count, keyed.allSatisfy({ $0 == naiveMatches }) else {
                throw BenchmarkFailure("query \"\(query)\": view-model lists \(listed.count), key filters find \(keyed.map(\.count)), naive filter finds \(naiveMatches.count)")
            }
            return naiveMatches.count
        }
    }
}
