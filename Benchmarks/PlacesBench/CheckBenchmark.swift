import Foundation

/// `places --check` of a large GeoJSON file, run as a command, against CPython's `json.load` of the
/// same file (its C parser, building the document as dictionaries and lists), also run as a command,
/// interleaved in the same run: wall time, and each process's peak memory against the file's size.
struct CheckBenchmark {
    let features: Int
    let runs: Int

    func run(checksum: inout Int) throws -> [ResultRow] {
        let places = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("places").path
        guard FileManager.default.isExecutableFile(atPath: places) else {
            throw BenchmarkFailure("\(places) is missing: build it first (swift build -c release)")
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("places-bench-check-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("check-\(features).geojson")
        try Data(SyntheticGeoJSON.make(count: features, seed: 12)).write(to: file)
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        let megabytes = Double(size) / 1_048_576
        print("Generated \(file.lastPathComponent): \(features.formatted()) features, \(String(format: "%.1f", megabytes)) MB")

        let commands = [
            [places, "--check", file.path],
            ["/usr/bin/python3", "-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))", file.path],
        ]
        var memory: [[Double]] = [[], []]
        let runner = InterleavedRunner(rounds: runs, steps: 1, warmupRounds: 1)
        let times = try runner.run(commands.indices.map { index in
            { _ in
                let child = try ChildProcess.run(commands[index])
                memory[index].append(child.peakMegabytes)
                return Int(child.peakMegabytes)
            }
        }, checksum: &checksum)

        let name = "`places --check` of \(features.formatted()) features, \(String(format: "%.0f", megabytes)) MB GeoJSON"
        return [
            ResultRow(measurement: "\(name): time", ours: Samples(times[0]), baselineName: "python3 json.load",
                      baseline: Samples(times[1]), target: .ratio(5)),
            ResultRow(measurement: "\(name): peak memory (2× the file: \(String(format: "%.0f", 2 * megabytes)) MB)",
                      ours: Samples(memory[0]), baselineName: "python3 json.load", baseline: Samples(memory[1]),
                      target: .atMost(2 * megabytes), unit: .megabytes),
        ]
    }
}
