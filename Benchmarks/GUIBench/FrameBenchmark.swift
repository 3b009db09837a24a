import Foundation

/// Map frames with 100,000 places against the same frames with only the bundled places.
enum FrameBenchmark {
    struct Scenario {
        var places = 0, markers = 0
        var drawMedian = 0.0, drawP90 = 0.0, interval = 0.0
    }

    static func run(bin: URL, file: URL, frames: Int) throws -> [String: (big: Scenario, baseline: Scenario)] {
        let big = try scenarios(bin: bin, arguments: ["--benchmark-frames", String(frames), file.path])
        let baseline = try scenarios(bin: bin, arguments: ["--benchmark-frames", String(frames)])
        var result: [String: (Scenario, Scenario)] = [:]
        for (name, scenario) in big { result[name] = (scenario, baseline[name] ?? Scenario()) }
        return result
    }

    private static func scenarios(bin: URL, arguments: [String]) throws -> [String: Scenario] {
        let child = try Child(bin.appendingPathComponent("places"), arguments)
        var result: [String: Scenario] = [:]
        for line in child.standardOutput().split(separator: "\n") {
            guard let json = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let name = json["scenario"] as? String else { continue }
            let number = { (key: String) in (json[key] as? NSNumber)?.doubleValue ?? .nan }
            result[name] = Scenario(
                places: Int(number("places")), markers: Int(number("markers")),
                drawMedian: number("draw_ms_median"), drawP90: number("draw_ms_p90"), interval: number("interval_ms_median")
            )
        }
        return result
    }
}
