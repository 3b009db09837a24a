import Foundation
import PlacesCore

/// The map with both kinds of raster layer over the base map: an MBTiles file (levels 3–6 over the
/// Alps) and online tiles from a local server (`Tests/PlacesGtkTests/Fixtures/tiles.py`, solid
/// 256-pixel PNGs, as fast as a server can be, so that the app's own cost shows). Frames while
/// dragging at each zoom, against the same drag without layers; then two minutes of panning and
/// zooming across levels 2 to 12, after which the app's peak memory (VmHWM) is read.
enum LayerBenchmark {
    struct Result {
        var frames: [(name: String, layers: FrameBenchmark.Scenario, baseline: FrameBenchmark.Scenario)] = []
        var peakBytes = 0, baselinePeakBytes = 0
        var tileRequests = 0
    }

    static func run(bin: URL, root: URL, minutes: Double = 2) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-layers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = root.appendingPathComponent("Tests/PlacesGtkTests/Fixtures/tiles.py").path
        let map = folder.appendingPathComponent("alps.mbtiles")
        _ = try Input.shell(["/usr/bin/python3", script, "mbtiles", map.path, "255,0,255"])
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let portFile = folder.appendingPathComponent("port"), log = folder.appendingPathComponent("requests")
        server.arguments = [script, "serve", portFile.path, log.path, "0,200,0"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { kill(server.processIdentifier, SIGKILL) }
        var port: String?
        for _ in 0..<100 where port == nil {
            usleep(50_000)
            port = try? String(contentsOf: portFile, encoding: .utf8)
        }
        guard let port else { throw Failure(description: "the tile server did not start") }
        let layers = ["--tile-url", "http://127.0.0.1:\(port)/{z}/{x}/{y}.png", map.path]

        var result = Result()
        for (name, centre, zoom) in FrameBenchmark.scenarios {
            let withLayers = try FrameBenchmark.measure(bin: bin, centre: centre, zoom: zoom, files: [], places: 1_701, arguments: layers)
            let baseline = try FrameBenchmark.measure(bin: bin, centre: centre, zoom: zoom, files: [], places: 1_701)
            result.frames.append((name, withLayers, baseline))
        }
        result.peakBytes = try panPeak(bin: bin, arguments: layers, minutes: minutes)
        result.baselinePeakBytes = try panPeak(bin: bin, arguments: [], minutes: minutes)
        result.tileRequests = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
        return result
    }

    /// Pans and zooms for `minutes` (a drag, then one level in or out, zooming in from level 2 to
    /// 12 and out again), then reads the app's peak resident memory.
    private static func panPeak(bin: URL, arguments: [String], minutes: Double) throws -> Int {
        let child = try Child(bin.appendingPathComponent("places"), ["--camera", "46.5,8.5,2"] + arguments)
        guard child.waitFor("first-frame") != nil, let window = Input.window() else { return 0 }
        usleep(500_000)
        try Input.panAndZoom(window: window, minutes: minutes, levels: 2...12)
        let status = (try? String(contentsOfFile: "/proc/\(child.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
