import Foundation

/// Real input through xdotool, as a person's mouse and keyboard give it.
enum Input {
    /// The X id of the window titled "Places" once it is on screen.
    static func window() -> String? {
        (try? shell("xdotool", "search", "--sync", "--onlyvisible", "--name", "^Places$"))?
            .split(separator: "\n").first.map(String.init)
    }

    /// Presses the button at `from` (window coordinates), moves one pixel down and right, then up and
    /// left, in turn every `stepMilliseconds` for `steps` steps, and lets go. Diagonally: at world
    /// zoom the whole width of the world is in the window and only an up-and-down drag moves the map
    /// (a drag that moves nothing paints nothing).
    static func drag(window: String, from: (Int, Int), steps: Int, stepMilliseconds: Int) throws {
        var arguments = ["mousemove", "--window", window, String(from.0), String(from.1), "mousedown", "1",
                         "mousemove_relative", "--", "8", "8"]
        for step in 0..<steps {
            let pixel = step % 2 == 0 ? "1" : "-1"
            arguments += ["sleep", String(Double(stepMilliseconds) / 1000), "mousemove_relative", "--", pixel, pixel]
        }
        try shell(["xdotool"] + arguments + ["mouseup", "1"])
    }

    /// For `minutes`: a pan of 240 pixels, one way then back the next time (6 pixels every 10 ms),
    /// then a level in or out with the keyboard, zooming in from the lowest of `levels` to the highest
    /// and out again.
    static func panAndZoom(window: String, minutes: Double, levels: ClosedRange<Int>) throws {
        let end = Date().addingTimeInterval(minutes * 60)
        var level = levels.lowerBound, step = 1, direction = 1
        while Date() < end {
            var pan = ["xdotool", "mousemove", "--window", window, "550", "400", "mousedown", "1"]
            for _ in 0..<40 { pan += ["sleep", "0.01", "mousemove_relative", "--", String(6 * direction), String(2 * direction)] }
            try shell(pan + ["mouseup", "1"])
            direction = -direction
            try shell(["xdotool", "key", "--window", window, step > 0 ? "plus" : "minus"])
            level += step
            if level >= levels.upperBound || level <= levels.lowerBound { step = -step }
            usleep(300_000)
        }
    }

    static func click(window: String, at point: (Int, Int)) throws {
        try shell("xdotool", "mousemove", "--window", window, String(point.0), String(point.1))
        usleep(100_000)
        try shell("xdotool", "click", "1")
    }

    @discardableResult
    static func shell(_ arguments: String...) throws -> String { try shell(arguments) }

    @discardableResult
    static func shell(_ arguments: [String]) throws -> String {
        String(decoding: try output(arguments), as: UTF8.self)
    }

    /// What the command printed, as bytes, once it has exited.
    static func output(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning { usleep(1_000) }
        return data
    }
}
