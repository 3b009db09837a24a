import Foundation

/// Ten thousand small files handed to the running window at once (`places FILE...` while it runs, as a
/// file manager's "Open With" on a folder's files does): the time from the hand-over to the last
/// file's `places-loaded` event, against `places --check` reading the same files in the same run.
enum HandOffBenchmark {
    struct Result {
        var window = Double.nan, check = Double.nan, files = 0, loaded = 0
    }

    static func run(bin: URL, files count: Int) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-files-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try (0..<count).map { index in
            let url = folder.appendingPathComponent(String(format: "stop-%05d.geojson", index))
            let longitude = Double(index % 3600) / 10 - 180, latitude = Double(index % 1700) / 10 - 85
            try Data(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(longitude),\#(latitude)]},"properties":{"name":"Stop \#(index)"}}"#.utf8)
                .write(to: url)
            return url.path
        }
        let places = bin.appendingPathComponent("places")
        var result = Result(files: count)

        let checkStart = Monotonic.now()
        let check = try Child(places, ["--check"] + paths)
        _ = check.standardOutput()
        result.check = (Monotonic.now() - checkStart) / 1000

        let window = try Child(places)
        guard window.waitFor("first-frame", timeout: 60) != nil else { return result }
        let start = Monotonic.now()
        let handOver = try Child(places, paths)
        _ = handOver.standardOutput()
        let loaded = window.waitFor("places-loaded", after: 1, timeout: 600, interval: 200) { $0["source"] as? String == "stop-\(String(format: "%05d", count - 1)).geojson" }
        guard loaded != nil else { return result }
        result.window = (Monotonic.now() - start) / 1000
        result.loaded = window.events(named: "places-loaded").count - 1
        return result
    }
}
