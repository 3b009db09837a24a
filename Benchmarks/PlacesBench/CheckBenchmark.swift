import Foundation
import TestingSupport

/// `places --check` of large files of every format, run as a command, against CPython reading the
/// same file as a command in the same run, interleaved: `json.load` for GeoJSON (its C parser,
/// building dictionaries and lists), `xml.etree.ElementTree.parse` for GPX and KML (expat, building
/// the element tree), `csv.reader` over every row for CSV. Wall time, and for GeoJSON each process's
/// peak memory against the file's size. The `places` timed is `$PLACES_BIN` when set (`make bench`
/// sets it to the binary `make install` ships, with the Swift runtime linked in), else the one built
/// beside this benchmark.
struct CheckBenchmark {
    let features: Int
    let runs: Int

    private struct Case {
        var format: String
        var bytes: [UInt8]
        var python: String
        var target: Double
    }

    func run(checksum: inout Int) throws -> [ResultRow] {
        let places = ProcessInfo.processInfo.environment["PLACES_BIN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("places").path
        guard FileManager.default.isExecutableFile(atPath: places) else {
            throw BenchmarkFailure("\(places) is missing: build it first (swift build -c release)")
        }
        print("Timing \(places)")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("places-bench-check-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = [
            Case(format: "GeoJSON", bytes: SyntheticGeoJSON.make(count: features, seed: 12),
                 python: "import json, sys; json.load(open(sys.argv[1], 'rb'))", target: 5),
            Case(format: "GPX", bytes: SyntheticFormats.gpx(count: features, seed: 13),
                 python: "import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])", target: 3),
            Case(format: "KML", bytes: SyntheticFormats.kml(count: features, seed: 14),
                 python: "import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])", target: 3),
            Case(format: "CSV", bytes: SyntheticFormats.csv(count: features, seed: 15),
                 python: "import csv, sys; sum(1 for row in csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))", target: 3),
        ]
        var rows: [ResultRow] = []
        for item in cases {
            let file = folder.appendingPathComponent("check-\(features).\(item.format.lowercased())")
            try Data(item.bytes).write(to: file)
            let megabytes = Double(item.bytes.count) / 1_048_576
            print("Generated \(file.lastPathComponent): \(features.formatted()) features, \(String(format: "%.1f", megabytes)) MB")
            let commands = [[places, "--check", file.path], ["/usr/bin/python3", "-c", item.python, file.path]]
            var memory: [[Double]] = [[], []]
            let runner = InterleavedRunner(rounds: runs, steps: 1, warmupRounds: 1)
            let times = try runner.run(commands.indices.map { index in
                { _ in
                    let child = try ChildProcess.run(commands[index])
                    memory[index].append(child.peakMegabytes)
                    return Int(child.peakMegabytes)
                }
            }, checksum: &checksum)
            let python = item.format == "CSV" ? "python3 csv.reader" : item.format == "GeoJSON" ? "python3 json.load" : "python3 xml.etree"
            let name = "`places --check` of \(features.formatted()) \(item.format == "CSV" ? "rows" : "features"), \(String(format: "%.0f", megabytes)) MB \(item.format)"
            rows.append(ResultRow(measurement: "\(name): time", ours: Samples(times[0]), baselineName: python,
                                  baseline: Samples(times[1]), target: .ratio(item.target)))
            if item.format == "GeoJSON" {
                rows.append(ResultRow(measurement: "\(name): peak memory (2× the file: \(String(format: "%.0f", 2 * megabytes)) MB)",
                                      ours: Samples(memory[0]), baselineName: python, baseline: Samples(memory[1]),
                                      target: .atMost(2 * megabytes), unit: .megabytes))
            }
        }
        rows.append(try gdalRow(places: places, folder: folder, checksum: &checksum))
        return rows
    }

    /// A peer people would use instead: GDAL's `ogrinfo` counting the features of a 1,000,000-feature
    /// GeoJSON (`-ro -al -so`, which reads them all), against `places --check` of the same file.
    private func gdalRow(places: String, folder: URL, checksum: inout Int) throws -> ResultRow {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ogrinfo") else {
            throw BenchmarkFailure("/usr/bin/ogrinfo is missing: Debian's gdal-bin (make bench installs it)")
        }
        let count = features * 10
        let file = folder.appendingPathComponent("check-\(count).geojson")
        try SyntheticGeoJSON.write(count: count, seed: 16, to: file)
        let megabytes = Double((try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0) / 1_048_576
        print("Generated \(file.lastPathComponent): \(count.formatted()) features, \(String(format: "%.0f", megabytes)) MB")
        let commands = [[places, "--check", file.path], ["/usr/bin/ogrinfo", "-ro", "-al", "-so", file.path]]
        let runner = InterleavedRunner(rounds: max(3, runs / 2), steps: 1, warmupRounds: 1)
        let times = try runner.run(commands.indices.map { index in
            { _ in Int(try ChildProcess.run(commands[index]).peakMegabytes) }
        }, checksum: &checksum)
        return ResultRow(measurement: "`places --check` of \(count.formatted()) features, \(String(format: "%.0f", megabytes)) MB GeoJSON: time",
                         ours: Samples(times[0]), baselineName: "ogrinfo -ro -al -so", baseline: Samples(times[1]), target: nil)
    }
}
