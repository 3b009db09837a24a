import Foundation
import PlacesCore

/// A street map (the OpenMapTiles file of central Helsinki, `Tests/PlacesCoreTests/Fixtures/tiles`)
/// over 100,000 places: frames while dragging at street level against the same drag over the base
/// map alone; how soon tiles coming into view are drawn (zooming in and panning with the keyboard);
/// and the app's memory after minutes of panning and zooming across the extract.
enum VectorBenchmark {
    struct Result {
        var map: [FrameBenchmark.Scenario] = [], baseline: [FrameBenchmark.Scenario] = []
        /// From a key press to the first tile it brings into view drawn, and to all of them drawn (ms).
        var firstTile: [Double] = [], allTiles: [Double] = []
        /// Resident memory once the map first came to rest, and the peak after panning.
        var restBytes = 0, peakBytes = 0
        var zoom = Double.nan
    }

    static func run(bin: URL, root: URL, places: URL, rounds: Int, minutes: Double) throws -> Result {
        let map = root.appendingPathComponent("Tests/PlacesCoreTests/Fixtures/tiles/helsinki-openmaptiles.mbtiles")
        var result = Result()
        for round in 0..<rounds {
            // One window at a time: a second `places` hands its files to the first and leaves.
            var camera: (latitude: Double, longitude: Double, zoom: Double)?
            var markers = 0
            do {
                let child = try Child(bin.appendingPathComponent("places"), ["--camera", "60.1716,24.9443,15", places.path, map.path])
                _ = child.waitFor("places-loaded", timeout: 300, interval: 100) { $0["source"] as? String == places.lastPathComponent }
                // Opened, the map glides to show the whole extract.
                _ = child.waitFor("notice-shown", timeout: 60) { ($0["message"] as? String)?.contains("street map") == true }
                guard let window = Input.window(), let resting = rest(child) else { continue }
                camera = resting
                result.zoom = resting.zoom
                markers = (child.events(named: "first-frame").last?["markers"] as? NSNumber)?.intValue ?? 0
                result.map.append(try FrameBenchmark.dragged(child, window: window, places: 101_701, markers: markers))
                if round == 0 {
                    (result.firstTile, result.allTiles) = try tilesComingIntoView(child, window: window)
                    result.restBytes = child.memory("VmRSS")
                    try Input.panAndZoom(window: window, minutes: minutes, levels: 15...18)
                    result.peakBytes = child.memory("VmHWM")
                }
            }
            // The same drag, at the same place and zoom, over the base map alone.
            guard let camera else { continue }
            let base = try Child(bin.appendingPathComponent("places"), ["--camera", "\(camera.latitude),\(camera.longitude),\(camera.zoom)", places.path])
            _ = base.waitFor("places-loaded", timeout: 300, interval: 100) { $0["source"] as? String == places.lastPathComponent }
            guard let baseWindow = Input.window(), rest(base) != nil else { continue }
            result.baseline.append(try FrameBenchmark.dragged(base, window: baseWindow, places: 101_701, markers: markers))
        }
        return result
    }

    /// Waits for the map to come to rest at street level, no longer moving for a second and a half,
    /// with every tile in view drawn.
    private static func rest(_ child: Child) -> (latitude: Double, longitude: Double, zoom: Double)? {
        let deadline = Date().addingTimeInterval(60)
        var count = -1
        while Date() < deadline {
            let cameras = child.events(named: "camera")
            if cameras.count == count, let event = cameras.last, ((event["zoom"] as? NSNumber)?.doubleValue ?? 0) >= 14.5 {
                _ = child.waitFor("layer-tiles", timeout: 10) { ($0["waiting"] as? NSNumber)?.intValue == 0 }
                let number = { (key: String) in (event[key] as? NSNumber)?.doubleValue ?? .nan }
                return (number("lat"), number("lon"), number("zoom"))
            }
            count = cameras.count
            usleep(1_500_000)
        }
        return nil
    }

    /// Keys that bring new tiles into view (a level in, quarter-views sideways, a level in again),
    /// each timed from the press to the first and to the last tile it asked for being drawn.
    private static func tilesComingIntoView(_ child: Child, window: String) throws -> (first: [Double], all: [Double]) {
        var first: [Double] = [], all: [Double] = []
        for key in ["plus", "Right", "Left", "Left", "Right", "Down", "Up", "plus", "Right", "Left", "Left", "minus", "minus"] {
            let before = child.events(named: "layer-tiles").count
            let pressed = Monotonic.now()
            try Input.shell("xdotool", "key", "--window", window, key)
            guard child.waitFor("layer-tiles", after: before, timeout: 10, matching: { ($0["waiting"] as? NSNumber)?.intValue == 0 }) != nil else { continue }
            let events = child.events(named: "layer-tiles").dropFirst(before)
            let times = events.compactMap { event -> (t: Double, waiting: Int)? in
                guard let t = (event["t"] as? NSNumber)?.doubleValue, let waiting = (event["waiting"] as? NSNumber)?.intValue else { return nil }
                return (t, waiting)
            }
            guard let peak = times.map(\.waiting).max(), peak > 0, let done = times.first(where: { $0.waiting == 0 }) else { continue }
            let firstDrawn = times.first { $0.waiting < peak } ?? done
            first.append(firstDrawn.t - pressed)
            all.append(done.t - pressed)
            usleep(300_000)
        }
        return (first, all)
    }
}
