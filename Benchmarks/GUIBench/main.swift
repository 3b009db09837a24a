// gui-bench: the GUI performance targets, measured on the real release binary under the caller's
// display (make bench runs it under Xvfb with the cairo renderer), each against a baseline in the same run.
import Foundation
import TestingSupport

let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
setenv("GSK_RENDERER", ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "cairo", 1)
let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "?"
print("Machine: \(Machine.current()); renderer \(renderer); Xvfb 1280x900")

let file = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-100k.geojson")
try PlacesFile.write(count: 100_000, citiesFile: root.appendingPathComponent("data/cities.tsv"), to: file)
defer { try? FileManager.default.removeItem(at: file) }

let startup = try StartupBenchmark.run(bin: bin, rounds: 7)
let frames = try FrameBenchmark.run(bin: bin, file: file, frames: 120)
let click = try ClickBenchmark.run(bin: bin, rounds: 5)

print("")
print("| measurement | Places (median) | baseline (median) | ratio | target | met? |")
print("|---|---:|---:|---:|---|---|")
let startupRatio = startup.places / startup.bare
print("| start-up to first frame with places | \(Statistics.ms(startup.places)) | \(Statistics.ms(startup.bare)) (bare GTK window) | \(String(format: "%.2f", startupRatio))x | ≤ 1.5x | \(startupRatio <= 1.5 ? "yes" : "no") |")
for name in ["world", "city"] {
    guard let (big, baseline) = frames[name] else { continue }
    let ratio = big.drawMedian / baseline.drawMedian
    print("| map frame, \(name) zoom, \(big.places) places (\(big.markers) markers): draw p50 / p90 | \(Statistics.ms(big.drawMedian)) / \(Statistics.ms(big.drawP90)) | \(Statistics.ms(baseline.drawMedian)) (\(baseline.places) places) | \(String(format: "%.2f", ratio))x | < 16 ms | \(big.drawP90 < 16 ? "yes" : "no") |")
    print("| frame-clock interval, \(name) zoom, \(big.places) places | \(Statistics.ms(big.interval)) | \(Statistics.ms(baseline.interval)) | \(String(format: "%.2f", big.interval / baseline.interval))x | one frame (16.7 ms at 60 Hz) | \(big.interval < 17.5 ? "yes" : "no") |")
}
print("| click → card revealed (trace) | \(Statistics.ms(click.revealed)) | — | — | one frame | \(click.revealed < 17 ? "yes" : "no") |")
print("| click → card fully shown | \(Statistics.ms(click.shown)) | 250 ms (revealer transition) | \(String(format: "%.2f", click.shown / 250))x | one frame + transition (≤ 267 ms) | \(click.shown <= 267 ? "yes" : "no") |")
