import Foundation
import TestingSupport

/// Converting 100,000 features of GeoJSON into each format Places writes: `places --convert`
/// against GDAL's `ogr2ogr` converting the same file into the same format, both as commands,
/// interleaved in one run; wall time, and our peak memory against 1.5× the file written. Both read
/// the GeoJSON and write every property (GDAL's GPX with `GPX_USE_EXTENSIONS`, its CSV with the
/// coordinates as columns). The `places` timed is `$PLACES_BIN` when set,
/// as `make bench` sets it, else the one built beside this benchmark.
struct ExportBenchmark {
    let features: Int
    let runs: Int

    private static let formats: [(name: String, fileExtension: String, gdal: [String])] = [
        ("GeoJSON", "geojson", ["-f", "GeoJSON"]),
        ("GPX", "gpx", ["-f", "GPX", "-dsco", "GPX_USE_EXTENSIONS=YES"]),
        ("KML", "kml", ["-f", "KML"]),
        // GDAL writes KMZ only through LIBKML, which took more than 14 minutes for 100,000 features
        // (stopped): our KMZ is timed against its plain KML, which it packs and deflates as well.
        ("KMZ", "kmz", ["-f", "KML"]),
        ("CSV", "csv", ["-f", "CSV", "-lco", "GEOMETRY=AS_XY"]),
    ]

    func run(checksum: inout Int) throws -> [ResultRow] {
        let places = ProcessInfo.processInfo.environment["PLACES_BIN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("places").path
        guard FileManager.default.isExecutableFile(atPath: places) else {
            throw BenchmarkFailure("\(places) is missing: build it first (swift build -c release)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ogr2ogr") else {
            throw BenchmarkFailure("/usr/bin/ogr2ogr is missing: Debian's gdal-bin (make bench installs it)")
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("places-bench-export-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.geojson")
        let bytes = SyntheticGeoJSON.make(count: features, seed: 21)
        try Data(bytes).write(to: input)
        print("Generated \(input.lastPathComponent): \(features.formatted()) features, \(String(format: "%.1f", Double(bytes.count) / 1_048_576)) MB")
        var rows: [ResultRow] = []
        for format in Self.formats {
            let ours = folder.appendingPathComponent("ours.\(format.fileExtension)")
            let gdal = folder.appendingPathComponent("gdal.\(format.fileExtension == "kmz" ? "kml" : format.fileExtension)")
            let commands = [[places, "--convert", input.path, ours.path], ["/usr/bin/ogr2ogr"] + format.gdal + [gdal.path, input.path]]
            var memory: [[Double]] = [[], []]
            let runner = InterleavedRunner(rounds: runs, steps: 1, warmupRounds: 1)
            let times = try runner.run(commands.indices.map { index in
                { _ in
                    // ogr2ogr makes a new file; neither is timed replacing an old one.
                    try? FileManager.default.removeItem(at: index == 0 ? ours : gdal)
                    let child = try ChildProcess.run(commands[index])
                    memory[index].append(child.peakMegabytes)
                    return Int(child.peakMegabytes)
                }
            }, checksum: &checksum)
            let written = Double((try FileManager.default.attributesOfItem(atPath: ours.path)[.size] as? Int) ?? 0) / 1_048_576
            let name = "export \(features.formatted()) features to \(format.name) (`places --convert`, \(String(format: "%.0f", written)) MB written)"
            rows.append(ResultRow(measurement: "\(name): time", ours: Samples(times[0]), baselineName: "ogr2ogr -f \(format.gdal[1])",
                                  baseline: Samples(times[1]), target: .ratio(1)))
            rows.append(ResultRow(measurement: "\(name): peak memory (1.5× the file written: \(String(format: "%.0f", 1.5 * written)) MB)",
                                  ours: Samples(memory[0]), baselineName: "ogr2ogr", baseline: Samples(memory[1]),
                                  target: .atMost(1.5 * written), unit: .megabytes))
        }
        return rows
    }
}
