/// ns per delivery (one event to one subscriber) for candidates (a)–(f) and several subscriber counts.
struct DeliveryBenchmark {
    struct Row {
        let subscribers: Int
        /// Median ns per delivery, by candidate key "a"..."f".
        let nanoseconds: [String: Double]
    }

    let subscriberCounts: [Int]
    let runner: SampleRunner

    func run() -> (rows: [Row], names: [String: String], checksum: Int) {
        var rows: [Row] = []
        var names: [String: String] = [:]
        var checksum = 0
        for n in subscriberCounts {
            let candidates = DeliveryCandidates.all(subscribers: n)
            let medians = runner.medians(candidates.map(\.deliver), unitsPerRepetition: n)
            var byKey: [String: Double] = [:]
            for (candidate, median) in zip(candidates, medians) {
                byKey[candidate.key] = median
                names[candidate.key] = candidate.name
                checksum &+= candidate.checksum()
            }
            withExtendedLifetime(candidates.map(\.keepAlive)) {}
            rows.append(Row(subscribers: n, nanoseconds: byKey))
        }
        return (rows, names, checksum)
    }
}
