import Foundation

/// Files that pack many places into few bytes, imported into the window: a CSV file of ten million
/// short rows and a GeoJSON `MultiPoint` of ten million points. For each, the app's peak memory
/// during the import against what it keeps once the places are in (the resident memory after) and
/// the bare window's (before any file), and the import's time against `places --check` of the file.
enum CompactImportBenchmark {
    struct Result {
        var name = "", fileBytes = 0, places = 0
        var seconds = Double.nan, checkSeconds = Double.nan
        var baseBytes = 0, keptBytes = 0, peakBytes = 0
    }

    static func run(bin: URL, count: Int) throws -> [Result] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-compact-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let places = bin.appendingPathComponent("places")

        var base = 0
        do {
            let bare = try Child(places)
            guard bare.waitFor("first-frame", timeout: 60) != nil else { return [] }
            usleep(1_000_000)
            base = bare.memory("VmRSS")
        }

        var results: [Result] = []
        for (name, write) in [("rows of CSV", writeCSV), ("points of one GeoJSON MultiPoint", writeMultiPoint)] {
            let file = folder.appendingPathComponent(name.hasPrefix("rows") ? "rows.csv" : "points.geojson")
            try write(count, file)
            var result = Result(name: name, places: count, baseBytes: base)
            result.fileBytes = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0

            let checkStart = Monotonic.now()
            _ = try Child(places, ["--check", file.path]).standardOutput(timeout: 600)
            result.checkSeconds = (Monotonic.now() - checkStart) / 1000

            let window = try Child(places, [file.path])
            guard window.waitFor("first-frame", timeout: 60) != nil else { continue }
            guard let loaded = window.waitFor("places-loaded", timeout: 1_800, interval: 500, matching: { $0["source"] as? String == file.lastPathComponent }),
                  let milliseconds = (loaded["ms"] as? NSNumber)?.doubleValue else { continue }
            result.seconds = milliseconds / 1000
            result.places = (loaded["places"] as? NSNumber)?.intValue ?? 0
            usleep(2_000_000)  // the freed memory given back after the last portion
            (result.keptBytes, result.peakBytes) = (window.memory("VmRSS"), window.memory("VmHWM"))
            results.append(result)
        }
        return results
    }

    private static func writeCSV(count: Int, to file: URL) throws {
        try write(to: file, header: "lat,lon\n", count: count, footer: "") { "\($0 % 89),\($0 % 179)\n" }
    }

    private static func writeMultiPoint(count: Int, to file: URL) throws {
        try write(to: file, header: #"{"type":"Feature","properties":{"name":"many"},"geometry":{"type":"MultiPoint","coordinates":["#,
                  count: count, footer: "]}}") { ($0 == 0 ? "" : ",") + "[\($0 % 179),\($0 % 89)]" }
    }

    private static func write(to file: URL, header: String, count: Int, footer: String, item: (Int) -> String) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var chunk = header
        for index in 0..<count {
            chunk += item(index)
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data((chunk + footer).utf8))
    }
}
