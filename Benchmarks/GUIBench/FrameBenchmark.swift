import Foundation
import PlacesCore

/// Map frames while a person drags the map: a real drag (xdotool, one pixel every 10 ms for two
/// seconds) over the real app, timed by the app's own frame clock (the `frame` trace events: each
/// frame from its update phase to the end of its painting, and the time between frames), at zooms
/// that draw each band of the base map (1:110m, 1:50m, 1:10m with provinces and rivers, a city).
/// With 100,000 imported places, against the same drag with the bundled places only.
enum FrameBenchmark {
    struct Scenario {
        var places = 0, markers = 0
        var paintMedian = Double.nan, paintP90 = Double.nan, intervalMedian = Double.nan, intervalP90 = Double.nan, frames = 0
    }

    static let scenarios = [
        ("world", Coordinate(latitude: 20, longitude: 0), 2.1),
        ("country", Coordinate(latitude: 46.5, longitude: 9.0), 5.5),
        ("region", Coordinate(latitude: 46.5, longitude: 8.5), 8.4),
        ("city", Coordinate(latitude: 48.8566, longitude: 2.3522), 11.0),
    ]

    static func run(bin: URL, file: URL) throws -> [String: (big: Scenario, baseline: Scenario)] {
        var result: [String: (Scenario, Scenario)] = [:]
        for (name, centre, zoom) in scenarios {
            let big = try measure(bin: bin, centre: centre, zoom: zoom, files: [file], places: 101_701)
            let baseline = try measure(bin: bin, centre: centre, zoom: zoom, files: [], places: 1_701)
            result[name] = (big, baseline)
        }
        return result
    }

    /// The drag over `places` started with `files` and `arguments`.
    static func measure(bin: URL, centre: Coordinate, zoom: Double, files: [URL], places: Int, arguments: [String] = []) throws -> Scenario {
        let camera = "\(centre.latitude),\(centre.longitude),\(zoom)"
        let child = try Child(bin.appendingPathComponent("places"), ["--camera", camera] + arguments + files.map(\.path))
        for file in files { _ = child.waitFor("places-loaded", timeout: 300, interval: 100) { $0["source"] as? String == file.lastPathComponent } }
        guard child.waitFor("first-frame") != nil, let window = Input.window() else { return Scenario() }
        usleep(500_000)
        let markers = (child.events(named: "first-frame").last?["markers"] as? NSNumber)?.intValue ?? 0
        return try dragged(child, window: window, places: places, markers: markers)
    }

    /// The frames of a two-second drag of `child`'s map, its first 100 ms left out.
    static func dragged(_ child: Child, window: String, places: Int, markers: Int) throws -> Scenario {
        let start = Monotonic.now()
        try Input.drag(window: window, from: (550, 400), steps: 200, stepMilliseconds: 10)
        let end = Monotonic.now()
        usleep(200_000)
        let frames = child.events(named: "frame").filter { event in
            guard let t = (event["t"] as? NSNumber)?.doubleValue else { return false }
            return t > start + 100 && t < end  // the drag under way, its first frames left out
        }
        let paints = frames.compactMap { ($0["paint_ms"] as? NSNumber)?.doubleValue }
        let times = frames.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }
        return Scenario(
            places: places, markers: markers, paintMedian: Statistics.median(paints), paintP90: Statistics.percentile(paints, 0.9),
            intervalMedian: Statistics.median(intervals), intervalP90: Statistics.percentile(intervals, 0.9), frames: frames.count
        )
    }
}
