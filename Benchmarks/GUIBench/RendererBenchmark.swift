import Foundation
import PlacesCore

/// GTK's renderers side by side on this machine, interleaved: the one Places picks for itself
/// (`GSK_RENDERER` unset: cairo where OpenGL could only be software, `RendererChoice`), GTK's GL
/// renderer (what GTK picks by itself: under Xvfb, OpenGL on Mesa's llvmpipe), and cairo. For
/// each: start-up to the first frame with markers, dragging at world zoom with 100,000 places
/// (time between frames, paint p90), and importing those 100,000 places with the window at rest.
enum RendererBenchmark {
    struct Figures {
        var renderer = "", firstFrame = Double.nan, dragInterval = Double.nan, dragPaintP90 = Double.nan, importSeconds = Double.nan
    }

    /// What each run sets `GSK_RENDERER` to (nil: unset).
    static let settings: [(name: String, value: String?)] = [("Places' choice", nil), ("GTK's GL renderer", "gl"), ("cairo", "cairo")]

    static func run(bin: URL, file: URL, rounds: Int) throws -> [String: Figures] {
        let original = ProcessInfo.processInfo.environment["GSK_RENDERER"]
        defer { set(original) }
        var starts: [String: [Double]] = [:], imports: [String: [Double]] = [:], renderers: [String: String] = [:]
        let places = bin.appendingPathComponent("places")
        for _ in 0..<rounds {
            for (name, value) in settings {
                set(value)
                let start = Monotonic.now()
                let child = try Child(places)
                if let frame = child.waitFor("first-frame", timeout: 60, interval: 20), let time = (frame["t"] as? NSNumber)?.doubleValue {
                    starts[name, default: []].append(time - start)
                    renderers[name] = frame["renderer"] as? String
                }
            }
            for (name, value) in settings {
                set(value)
                let child = try Child(places, [file.path])
                if let loaded = child.waitFor("places-loaded", timeout: 600, interval: 200, matching: { $0["source"] as? String == file.lastPathComponent }),
                   let milliseconds = (loaded["ms"] as? NSNumber)?.doubleValue {
                    imports[name, default: []].append(milliseconds / 1000)
                }
            }
        }
        var figures: [String: Figures] = [:]
        for (name, value) in settings {
            set(value)
            let (_, centre, zoom) = FrameBenchmark.scenarios[0]
            let drag = try FrameBenchmark.measure(bin: bin, centre: centre, zoom: zoom, files: [file], places: 101_701)
            figures[name] = Figures(renderer: renderers[name] ?? "?", firstFrame: Statistics.median(starts[name] ?? []), dragInterval: drag.intervalMedian,
                                    dragPaintP90: drag.paintP90, importSeconds: Statistics.median(imports[name] ?? []))
        }
        return figures
    }

    private static func set(_ value: String?) {
        if let value { setenv("GSK_RENDERER", value, 1) } else { unsetenv("GSK_RENDERER") }
    }
}
