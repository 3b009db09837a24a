import Foundation

/// How long Places and GNOME Maps (Debian's, when installed) take to show a file of points, each
/// started with the file as its only argument, from `exec` until the points are on screen, and the
/// peak memory each reached by then.
///
/// Places says when through its trace: the first frame painted after the file's `places-loaded` event.
/// GNOME Maps says nothing, so the screen is read every quarter of a second (`import -window root`) and
/// the red of its pins counted: the points are shown at the first reading within 1% of a count that
/// then holds for three seconds. Its figures are late by up to 250 ms, and each reading takes about
/// 40 ms of the processor's time from it.
enum PeerBenchmark {
    struct Figure {
        /// nil when the points were not on screen within the time allowed.
        var seconds: Double?
        var peakBytes: Int
        /// When the program ended by itself before the points were shown, and how (`terminationStatus`).
        var ended: (seconds: Double, status: Int32)? = nil
    }

    static let gnomeMaps = URL(fileURLWithPath: "/usr/bin/gnome-maps")
    static var gnomeMapsInstalled: Bool { FileManager.default.isExecutableFile(atPath: gnomeMaps.path) }
    /// Debian's version of the package ("43.5-2~deb12u1"), or "?".
    static var gnomeMapsVersion: String {
        let version = (try? Input.shell("dpkg-query", "-W", "-f=${Version}", "gnome-maps")) ?? ""
        return version.isEmpty ? "?" : version
    }

    static func places(bin: URL, file: URL) throws -> Figure {
        let start = Monotonic.now()
        let child = try Child(bin.appendingPathComponent("places"), [file.path])
        let time = { (event: [String: Any]) in (event["t"] as? NSNumber)?.doubleValue ?? .nan }
        guard let loaded = child.waitFor("places-loaded", timeout: 600, interval: 20, matching: { $0["source"] as? String == file.lastPathComponent }) else {
            return Figure(seconds: nil, peakBytes: child.memory("VmHWM"))
        }
        // A file whose markers were all placed before the event brings no frame after it.
        let frame = child.waitFor("frame", timeout: 2, interval: 20) { time($0) > time(loaded) } ?? loaded
        return Figure(seconds: (time(frame) - start) / 1000, peakBytes: child.memory("VmHWM"))
    }

    static func gnomeMaps(file: URL, timeout: Double) throws -> Figure {
        let start = Monotonic.now()
        let child = try Child(gnomeMaps, [file.path])
        var readings: [(seconds: Double, pins: Int)] = []
        var peak = 0
        while (Monotonic.now() - start) / 1000 < timeout, child.process.isRunning {
            usleep(250_000)
            let pins = try pinPixels()
            readings.append(((Monotonic.now() - start) / 1000, pins))
            peak = max(peak, child.memory("VmHWM"))
            // The readings since the count last moved by more than 1% of the latest.
            guard let last = readings.last, last.pins > 0,
                  let settled = readings.reversed().prefix(while: { near($0.pins, last.pins) }).last,
                  last.seconds - settled.seconds >= 3 else { continue }
            return Figure(seconds: settled.seconds, peakBytes: peak)
        }
        let ended = child.process.isRunning ? nil : ((Monotonic.now() - start) / 1000, child.process.terminationStatus)
        return Figure(seconds: nil, peakBytes: peak, ended: ended)
    }

    private static func near(_ count: Int, _ final: Int) -> Bool { abs(count - final) * 100 <= final }

    /// Pixels of the screen in GNOME Maps' pin red.
    private static func pinPixels() throws -> Int {
        let pixels = try Input.output(["import", "-window", "root", "-depth", "8", "rgb:-"])
        return pixels.withUnsafeBytes { bytes in
            stride(from: 0, to: bytes.count - 2, by: 3).reduce(0) { count, at in
                count + (bytes[at] > 200 && bytes[at + 1] < 100 && bytes[at + 2] < 100 ? 1 : 0)
            }
        }
    }
}
