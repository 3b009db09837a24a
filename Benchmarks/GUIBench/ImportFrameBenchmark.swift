import Foundation
import PlacesCore

/// Dragging the map while a file of a million features imports: the app's frames during the import
/// (from the drag's start to the `places-loaded` trace event) against the same drag with nothing
/// being imported, the import's duration, and the app's peak memory against the file's size.
enum ImportFrameBenchmark {
    struct Result {
        var intervalMedian = Double.nan, intervalP90 = Double.nan, intervalMax = Double.nan, frames = 0
        var baselineMedian = Double.nan, baselineP90 = Double.nan
        var seconds = Double.nan, places = 0
        var peakBytes = 0, fileBytes = 0
    }

    static func run(bin: URL, file: URL) throws -> Result {
        var result = Result()
        result.fileBytes = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0

        do {  // the baseline's app is killed at the end of this block, before the next starts
            let baseline = try Child(bin.appendingPathComponent("places"))
            guard baseline.waitFor("first-frame") != nil, let window = Input.window() else { return result }
            usleep(500_000)
            let quiet = try drag(window: window, child: baseline, chunks: 2) { false }
            (result.baselineMedian, result.baselineP90) = (Statistics.median(quiet), Statistics.percentile(quiet, 0.9))
        }
        usleep(500_000)

        let child = try Child(bin.appendingPathComponent("places"), [file.path])
        guard let first = child.waitFor("first-frame"), let window = Input.window() else { return result }
        let loaded = { child.events(named: "places-loaded").first { $0["source"] as? String == file.lastPathComponent } }
        let intervals = try drag(window: window, child: child, chunks: 120) { loaded() != nil }
        guard let end = loaded(), let endTime = (end["t"] as? NSNumber)?.doubleValue,
              let startTime = (first["t"] as? NSNumber)?.doubleValue else { return result }
        result.seconds = (endTime - startTime) / 1000
        result.places = (end["places"] as? NSNumber)?.intValue ?? 0
        result.intervalMedian = Statistics.median(intervals)
        result.intervalP90 = Statistics.percentile(intervals, 0.9)
        result.intervalMax = intervals.max() ?? .nan
        result.frames = intervals.count + 1
        result.peakBytes = child.memory("VmHWM")
        return result
    }

    /// Drags in chunks of two seconds until `done` holds (or `chunks` have passed); the times between
    /// the frames drawn meanwhile, the first 100 ms of each chunk left out.
    private static func drag(window: String, child: Child, chunks: Int, until done: () -> Bool) throws -> [Double] {
        var intervals: [Double] = []
        for _ in 0..<chunks {
            let finished = done()
            let start = Monotonic.now()
            try Input.drag(window: window, from: (550, 400), steps: 200, stepMilliseconds: 10)
            let end = Monotonic.now()
            usleep(100_000)
            let times = child.events(named: "frame").compactMap { ($0["t"] as? NSNumber)?.doubleValue }.filter { $0 > start + 100 && $0 < end }
            intervals += zip(times.dropFirst(), times).map { $0 - $1 }
            if finished { break }
        }
        return intervals
    }
}
