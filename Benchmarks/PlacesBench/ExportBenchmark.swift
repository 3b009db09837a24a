import Foundation
import TestingSupport

/// Converting 100,000 features of GeoJSON into each format Places writes: `places --convert`
/// against GDAL's `ogr2ogr` converting the same file into the same format, both as commands,
/// interleaved in one run; wall time, and the memory the export holds against 1.5× the file
/// written: the peak above what the same command takes converting one feature (the libraries it
/// loads: its floor; both peaks and floors are in the row). Both read the GeoJSON and write every
/// property (GDAL's GPX with `GPX_USE_EXTENSIONS`, its CSV with the coordinates as columns). The `places` timed is `$PLACES_BIN` when set,
/// as `make bench` sets it, else the one built beside this benchmark.
struct ExportBenchmark {
    let features: Int
    let runs: Int

    private static let formats: [(name: String, fileExtension: String, gdal: [String])] = [
        ("GeoJSON", "geojson", ["-f", "GeoJSON"]),
        ("GPX", "gpx", ["-f", "GPX", "-dsco", "GPX_USE_EXTENSIONS=YES"]),
        ("KML", "kml", ["-f", "KML"]),
        // GDAL writes KMZ only through LIBKML, which took more than 14 minutes for 100,000 features
        // (stopped): our KMZ is timed against its plain KML packed by Info-ZIP's zip (deflate, level 6).
        ("KMZ", "kmz", ["-f", "KML"]),
        ("CSV", "csv", ["-f", "CSV", "-lco", "GEOMETRY=AS_XY"]),
    ]

    /// The baseline's command: ogr2ogr, and for a KMZ zip after it.
    private static func baseline(_ format: (name: String, fileExtension: String, gdal: [String]), input: URL, output: URL) -> [String] {
        guard format.fileExtension == "kmz" else { return ["/usr/bin/ogr2ogr"] + format.gdal + [output.path, input.path] }
        let kml = output.deletingPathExtension().appendingPathExtension("kml")
        return ["/bin/sh", "-c", #"rm -f "$2" && /usr/bin/ogr2ogr -f KML "$2" "$1" && /usr/bin/zip -q -j "$3" "$2""#, "sh", input.path, kml.path, output.path]
    }

    func run(checksum: inout Int) throws -> [ResultRow] {
        let places = ProcessInfo.processInfo.environment["PLACES_BIN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("places").path
        guard FileManager.default.isExecutableFile(atPath: places) else {
            throw BenchmarkFailure("\(places) is missing: build it first (swift build -c release)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ogr2ogr"), FileManager.default.isExecutableFile(atPath: "/usr/bin/zip") else {
            throw BenchmarkFailure("/usr/bin/ogr2ogr or /usr/bin/zip is missing: Debian's gdal-bin and zip (make bench installs them)")
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("places-bench-export-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.geojson")
        let bytes = SyntheticGeoJSON.make(count: features, seed: 21)
        try Data(bytes).write(to: input)
        print("Generated \(input.lastPathComponent): \(features.formatted()) features, \(String(format: "%.1f", Double(bytes.count) / 1_048_576)) MB")
        let one = folder.appendingPathComponent("one.geojson")
        try Data(SyntheticGeoJSON.make(count: 1, seed: 21)).write(to: one)
        var floors: [[Double]] = [[], []]
        for _ in 0..<3 {
            for (index, command) in [[places, "--convert", one.path, folder.appendingPathComponent("one.gpx").path],
                                     ["/usr/bin/ogr2ogr", "-f", "GPX", folder.appendingPathComponent("one-gdal.gpx").path, one.path]].enumerated() {
                try? FileManager.default.removeItem(atPath: command[command.count - (index == 0 ? 1 : 2)])
                floors[index].append(try ChildProcess.run(command).peakMegabytes)
            }
        }
        let floor = (ours: Samples(floors[0]).median, gdal: Samples(floors[1]).median)
        var rows: [ResultRow] = []
        for format in Self.formats {
            let ours = folder.appendingPathComponent("ours.\(format.fileExtension)")
            let gdal = folder.appendingPathComponent("gdal.\(format.fileExtension)")
            let commands = [[places, "--convert", input.path, ours.path], Self.baseline(format, input: input, output: gdal)]
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
            let baselineName = format.fileExtension == "kmz" ? "ogr2ogr -f KML, then zip" : "ogr2ogr -f \(format.gdal[1])"
            rows.append(ResultRow(measurement: "\(name): time", ours: Samples(times[0]), baselineName: baselineName,
                                  baseline: Samples(times[1]), target: .ratio(1)))
            // What the export holds: the peak above the same command converting one feature.
            let peaks = String(format: "peak %.0f MB ours, %.0f MB GDAL's; one feature: %.0f and %.0f MB",
                               Samples(memory[0]).median, Samples(memory[1]).median, floor.ours, floor.gdal)
            rows.append(ResultRow(measurement: "\(name): memory held, above converting one feature (1.5× the file written: \(String(format: "%.0f", 1.5 * written)) MB; \(peaks))",
                                  ours: Samples(memory[0].map { max(0, $0 - floor.ours) }), baselineName: baselineName,
                                  baseline: Samples(memory[1].map { max(0, $0 - floor.gdal) }),
                                  target: .atMost(1.5 * written), unit: .megabytes))
        }
        return rows
    }
}
