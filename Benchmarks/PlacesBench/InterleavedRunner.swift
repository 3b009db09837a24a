import PlacesCore

/// Times candidates in interleaved rounds: every step of every round runs each candidate once, the
/// starting candidate rotating, so drift (frequency scaling, page cache, heap growth) hits all alike.
/// Each candidate returns a number that goes into the checksum, so its work cannot be optimized away.
struct InterleavedRunner {
    /// Timed rounds.
    let rounds: Int
    /// Steps per round (keystrokes, or 1).
    let steps: Int
    /// Untimed rounds first.
    let warmupRounds: Int

    /// Milliseconds of each run: `[candidate][round * steps + step]`.
    func run(_ candidates: [(_ step: Int) throws -> Int], checksum: inout Int) throws -> [[Double]] {
        let clock = ContinuousClock()
        var times = Array(repeating: [Double](), count: candidates.count)
        for round in 0..<(warmupRounds + rounds) {
            for step in 0..<steps {
                for offset in candidates.indices {
                    let index = (round * steps + step + offset) % candidates.count
                    let start = clock.now
                    let result = try candidates[index](step)
                    let elapsed = (clock.now - start).milliseconds
                    checksum &+= result
                    if round >= warmupRounds { times[index].append(elapsed) }
                }
            }
        }
        return times
    }

    /// The runs of one step, from one candidate's `run` timings.
    func samples(_ times: [Double], step: Int) -> Samples {
        Samples(stride(from: step, to: times.count, by: steps).map { times[$0] })
    }
}
