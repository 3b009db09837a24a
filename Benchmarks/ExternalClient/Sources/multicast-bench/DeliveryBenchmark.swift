/// ns per delivery (one event to one subscriber) for each candidate and several subscriber counts.
struct DeliveryBenchmark {
    struct Row {
        let subscribers: Int
        /// ns per delivery in each round, by candidate key.
        let samples: [String: [Double]]

        /// Median ns per delivery, by candidate key.
        var nanoseconds: [String: Double] { samples.mapValues(\.median) }

        /// The median over rounds of one candidate's time over another's in the same round: steadier
        /// than a ratio of medians when the machine's speed drifts during the run.
        func ratio(_ numerator: String, _ denominator: String) -> Double {
            zip(samples[numerator]!, samples[denominator]!).map { $0 / $1 }.median
        }
    }

    let subscriberCounts: [Int]
    let runner: SampleRunner

    func run() -> (rows: [Row], names: [String: String], checksum: Int) {
        var rows: [Row] = []
        var names: [String: String] = [:]
        var checksum = 0
        for n in subscriberCounts {
            let candidates = DeliveryCandidates.all(subscribers: n)
            let samples = runner.samples(candidates.map(\.deliver), unitsPerRepetition: n)
            var byKey: [String: [Double]] = [:]
            for (candidate, candidateSamples) in zip(candidates, samples) {
                byKey[candidate.key] = candidateSamples
                names[candidate.key] = candidate.name
                checksum &+= candidate.checksum()
            }
            withExtendedLifetime(candidates.map(\.keepAlive)) {}
            rows.append(Row(subscribers: n, samples: byKey))
        }
        return (rows, names, checksum)
    }
}
