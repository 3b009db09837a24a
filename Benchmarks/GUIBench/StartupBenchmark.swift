import Foundation

/// Start-up to first frame: Places with the bundled data against a bare libadwaita window, interleaved.
/// The bare window starts twice a round: as GTK sets it up by default, and told, as Places tells GTK
/// when it draws with cairo, to leave OpenGL alone (`RendererChoice.openGLSwitch`), so that the table
/// shows what that switch is worth apart from the rest of Places' start-up.
enum StartupBenchmark {
    struct Result {
        var places: Double
        var bare: Double
        var bareWithoutOpenGL: Double
    }

    static func run(bin: URL, rounds: Int) throws -> Result {
        var places: [Double] = [], bare: [Double] = [], bareWithoutOpenGL: [Double] = []
        let withoutOpenGL = ["GDK_DEBUG": "gl-disable", "GDK_DISABLE": "gl"]
        for _ in 0..<rounds {
            if let time = try bareWindow(bin, environment: [:]) { bare.append(time) }
            if let time = try bareWindow(bin, environment: withoutOpenGL) { bareWithoutOpenGL.append(time) }
            let placesStart = Monotonic.now()
            let placesChild = try Child(bin.appendingPathComponent("places"))
            // The bare window's start is awaited with a blocking read; Places' trace file is read only
            // every 20 ms, so that the benchmark takes next to nothing from the two being timed.
            if let frame = placesChild.waitFor("first-frame", interval: 20), let time = (frame["t"] as? NSNumber)?.doubleValue {
                places.append(time - placesStart)
            }
        }
        return Result(places: Statistics.median(places), bare: Statistics.median(bare), bareWithoutOpenGL: Statistics.median(bareWithoutOpenGL))
    }

    /// Milliseconds from starting the bare window until it painted its first frame (it prints when, then quits).
    private static func bareWindow(_ bin: URL, environment: [String: String]) throws -> Double? {
        let start = Monotonic.now()
        let child = try Child(bin.appendingPathComponent("bare-window"), environment: environment)
        let line = child.standardOutput(timeout: 20)
        return line.split(separator: " ").last.flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.map { $0 - start }
    }
}
