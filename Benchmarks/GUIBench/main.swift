// gui-bench: the GUI performance targets, measured on the real release binary under the caller's
// display (make bench runs it under Xvfb with the cairo renderer), through real input, each against
// a baseline measured in the same run.
import Foundation
import TestingSupport

let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
setenv("GSK_RENDERER", ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "cairo", 1)
let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "?"
print("Machine: \(Machine.current()); renderer \(renderer); Xvfb 1280x900")

// Start-up first, before the 24 MB file below is written: its writeback would slow the starts.
let startup = try StartupBenchmark.run(bin: bin, rounds: 7)

let file = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-100k.geojson")
try PlacesFile.write(count: 100_000, citiesFile: root.appendingPathComponent("data/cities.tsv"), to: file)
defer { try? FileManager.default.removeItem(at: file) }

let frames = try FrameBenchmark.run(bin: bin, file: file)
let click = try ClickBenchmark.run(bin: bin, rounds: 5)

func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }

print("")
print("| measurement | Places (median) | baseline (median) | ratio | target | met? |")
print("|---|---:|---:|---:|---|---|")
let startupRatio = startup.places / startup.bare
print("| start-up to first painted frame with places | \(Statistics.ms(startup.places)) | \(Statistics.ms(startup.bare)) (bare libadwaita window, first painted frame) | \(ratio(startupRatio)) | ≤ 1.5x | \(startupRatio <= 1.5 ? "yes" : "no") |")
for (name, _, _) in FrameBenchmark.scenarios {
    guard let (big, baseline) = frames[name] else { continue }
    print("| dragging the map, \(name) zoom, \(big.places) places (\(big.markers) markers): paint p50 / p90 (\(big.frames) frames) | \(Statistics.ms(big.paintMedian)) / \(Statistics.ms(big.paintP90)) | \(Statistics.ms(baseline.paintMedian)) / \(Statistics.ms(baseline.paintP90)) (\(baseline.places) places) | \(ratio(big.paintP90 / baseline.paintP90)) | p90 < 8 ms | \(big.paintP90 < 8 ? "yes" : "no") |")
    print("| dragging the map, \(name) zoom, \(big.places) places: time between frames | \(Statistics.ms(big.intervalMedian)) | \(Statistics.ms(baseline.intervalMedian)) (\(baseline.places) places) | \(ratio(big.intervalMedian / baseline.intervalMedian)) | one frame (16.7 ms at 60 Hz) | \(big.intervalMedian < 17.5 ? "yes" : "no") |")
}
print("| click on a marker → first frame with the card | \(Statistics.ms(click.firstFrame)) | \(Statistics.ms(click.frameInterval)) (one frame) | \(ratio(click.firstFrame / click.frameInterval)) | within two frames | \(click.firstFrame <= 2 * click.frameInterval ? "yes" : "no") |")
print("| click on a marker → card fully shown | \(Statistics.ms(click.fullyShown)) | — | — | slide (250 ms) + two frames | \(click.fullyShown <= 250 + 2 * click.frameInterval ? "yes" : "no") |")
