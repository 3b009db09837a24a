import Foundation

/// Start-up to first frame: Places with the bundled data against a bare libadwaita window, interleaved.
enum StartupBenchmark {
    static func run(bin: URL, rounds: Int) throws -> (places: Double, bare: Double) {
        var places: [Double] = [], bare: [Double] = []
        for _ in 0..<rounds {
            let bareStart = Monotonic.now()
            let bareChild = try Child(bin.appendingPathComponent("bare-window"))
            let line = bareChild.standardOutput(timeout: 20)
            if let value = line.split(separator: " ").last.flatMap({ Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
                bare.append(value - bareStart)
            }
            let placesStart = Monotonic.now()
            let placesChild = try Child(bin.appendingPathComponent("places"))
            // The bare window's start is awaited with a blocking read; Places' trace file is read only
            // every 20 ms, so that the benchmark takes next to nothing from the two being timed.
            if let frame = placesChild.waitFor("first-frame", interval: 20), let time = (frame["t"] as? NSNumber)?.doubleValue {
                places.append(time - placesStart)
            }
        }
        return (Statistics.median(places), Statistics.median(bare))
    }
}
