/// Calibrates and times work in interleaved rounds.
struct SampleRunner {
    let rounds: Int
    /// Target duration of one timed sample.
    let sampleNanoseconds: UInt64

    /// How many repetitions of `work` make one sample of about `sampleNanoseconds` (doubles as warm-up).
    func calibrate(_ work: (Int) -> Void) -> Int {
        var repetitions = 1
        while true {
            let elapsed = MonotonicClock.measure { work(repetitions) }
            if elapsed >= sampleNanoseconds / 4 || repetitions >= 1 << 26 {
                let scaled = Double(repetitions) * Double(sampleNanoseconds) / Double(max(elapsed, 1))
                return max(1, Int(scaled))
            }
            repetitions *= 2
        }
    }

    /// Median nanoseconds per unit for each candidate; see `samples(_:unitsPerRepetition:)`.
    func medians(_ works: [(Int) -> Void], unitsPerRepetition: Int) -> [Double] {
        samples(works, unitsPerRepetition: unitsPerRepetition).map(\.median)
    }

    /// Nanoseconds per unit for each candidate and round, sampled round-robin (the starting candidate
    /// rotates each round), so that samples of one round were taken under the same machine conditions.
    func samples(_ works: [(Int) -> Void], unitsPerRepetition: Int) -> [[Double]] {
        let repetitions = works.map(calibrate)
        var samples = Array(repeating: [Double](), count: works.count)
        for round in 0..<rounds {
            for offset in works.indices {
                let index = (round + offset) % works.count
                let elapsed = MonotonicClock.measure { works[index](repetitions[index]) }
                samples[index].append(Double(elapsed) / Double(repetitions[index] * unitsPerRepetition))
            }
        }
        return samples
    }
}
