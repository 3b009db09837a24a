import Foundation
import PlacesCore

/// Click on Paris's marker to card fully shown: real clicks with xdotool, times from the app's trace.
enum ClickBenchmark {
    static func run(bin: URL, rounds: Int) throws -> (revealed: Double, shown: Double) {
        let paris = Coordinate(latitude: 48.86669, longitude: 2.33334)
        let child = try Child(bin.appendingPathComponent("places"), ["--camera", "48.8667,2.3333,9"])
        guard child.waitFor("first-frame") != nil else { return (.nan, .nan) }
        let window = try shell("xdotool", "search", "--sync", "--onlyvisible", "--name", "^Places$")
            .split(separator: "\n").first.map(String.init) ?? ""
        usleep(500_000)
        var revealed: [Double] = [], shown: [Double] = []
        for round in 0..<rounds {
            guard let camera = child.events(named: "camera").last else { break }
            let number = { (key: String) in (camera[key] as? NSNumber)?.doubleValue ?? .nan }
            let view = Camera(center: Coordinate(latitude: number("lat"), longitude: number("lon")), zoom: number("zoom"),
                              viewport: ScreenSize(width: number("width"), height: number("height")))
            let point = view.screenPoint(for: paris)
            let x = Int(number("x") + point.x), y = Int(number("y") + point.y)
            try shell("xdotool", "mousemove", "--window", window, String(x), String(y))
            usleep(100_000)
            let start = Monotonic.now()
            try shell("xdotool", "click", "1")
            if let event = child.waitFor("card-revealed", after: round, timeout: 5), let t = (event["t"] as? NSNumber)?.doubleValue {
                revealed.append(t - start)
            }
            if let event = child.waitFor("card-fully-shown", after: round, timeout: 5), let t = (event["t"] as? NSNumber)?.doubleValue {
                shown.append(t - start)
            }
            try shell("xdotool", "key", "Escape")
            _ = child.waitFor("card-hidden", after: round, timeout: 5)
            usleep(700_000)  // the card slides down and the camera settles
        }
        return (Statistics.median(revealed), Statistics.median(shown))
    }

    @discardableResult
    static func shell(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning { usleep(1_000) }
        return String(decoding: data, as: UTF8.self)
    }
}
