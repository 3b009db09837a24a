import Foundation
import PlacesCore

/// A real click on Paris's marker (xdotool) until the card is on screen, from the app's trace: the
/// first painted frame with the card partly up, and the frame where its slide has finished.
enum ClickBenchmark {
    struct Result {
        var firstFrame = Double.nan, fullyShown = Double.nan, frameInterval = Double.nan
    }

    static func run(bin: URL, rounds: Int) throws -> Result {
        let paris = Coordinate(latitude: 48.86669, longitude: 2.33334)
        let child = try Child(bin.appendingPathComponent("places"), ["--camera", "48.8667,2.3333,9"])
        guard child.waitFor("first-frame") != nil, let window = Input.window() else { return Result() }
        usleep(500_000)
        var first: [Double] = [], shown: [Double] = []
        for round in 0..<rounds {
            guard let camera = child.events(named: "camera").last else { break }
            let number = { (key: String) in (camera[key] as? NSNumber)?.doubleValue ?? .nan }
            let view = Camera(center: Coordinate(latitude: number("lat"), longitude: number("lon")), zoom: number("zoom"),
                              viewport: ScreenSize(width: number("width"), height: number("height")))
            let point = view.screenPoint(for: paris)
            try Input.shell("xdotool", "mousemove", "--window", window, String(Int(number("x") + point.x)), String(Int(number("y") + point.y)))
            usleep(100_000)
            let start = Monotonic.now()
            try Input.shell("xdotool", "click", "1")
            if let event = child.waitFor("card-revealing", after: round, timeout: 5), let t = (event["t"] as? NSNumber)?.doubleValue {
                first.append(t - start)
            }
            if let event = child.waitFor("card-revealed", after: round, timeout: 5), let t = (event["t"] as? NSNumber)?.doubleValue {
                shown.append(t - start)
            }
            try Input.shell("xdotool", "key", "Escape")
            _ = child.waitFor("card-hidden", after: round, timeout: 5)
            usleep(700_000)  // the card slides down and the camera settles
        }
        let times = child.events(named: "frame").compactMap { ($0["t"] as? NSNumber)?.doubleValue }
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 < 100 }
        return Result(firstFrame: Statistics.median(first), fullyShown: Statistics.median(shown), frameInterval: Statistics.median(intervals))
    }
}
