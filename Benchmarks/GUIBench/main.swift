// gui-bench: the GUI performance targets, measured on the real release binary under the caller's
// display (make bench runs it under Xvfb with the cairo renderer), through real input, each against
// a baseline measured in the same run. Names (startup, renderer, frames, million, click, typing, import, layers, vector, handoff, compact, peers) choose some; all run by default.
import Foundation
import PlacesCore
import TestingSupport

let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
setenv("GSK_RENDERER", ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "cairo", 1)
let renderer = ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "?"
print("Machine: \(Machine.current()); renderer \(renderer); Xvfb 1280x900")

let known = ["startup", "renderer", "frames", "million", "click", "typing", "import", "layers", "vector", "handoff", "compact", "peers"]
let asked = Array(CommandLine.arguments.dropFirst())
if let unknown = asked.first(where: { !known.contains($0) }) {
    print("gui-bench: unknown measurement \(unknown); choose among \(known.joined(separator: ", ")) (all when none is named)")
    exit(2)
}
func wanted(_ name: String) -> Bool { asked.isEmpty || asked.contains(name) }
func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
var rows: [String] = []

// Start-up first, before the 24 MB file below is written: its writeback would slow the starts.
if wanted("startup") {
    let startup = try StartupBenchmark.run(bin: bin, rounds: 7)
    let startupRatio = startup.places / startup.bare
    rows.append("| start-up to first painted frame with places | \(Statistics.ms(startup.places)) | \(Statistics.ms(startup.bare)) (bare libadwaita window, first painted frame) | \(ratio(startupRatio)) | ≤ 1.3x | \(startupRatio <= 1.3 ? "yes" : "no") |")
    rows.append("| … against the bare window also told to leave OpenGL alone (as Places does with cairo) | \(Statistics.ms(startup.places)) | \(Statistics.ms(startup.bareWithoutOpenGL)) | \(ratio(startup.places / startup.bareWithoutOpenGL)) | — | — |")
}

if wanted("renderer") {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-renderer-100k.geojson")
    try PlacesFile.write(count: 100_000, citiesFile: root.appendingPathComponent("data/cities.tsv"), to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let figures = try RendererBenchmark.run(bin: bin, file: file, rounds: Int(ProcessInfo.processInfo.environment["GUI_BENCH_RENDERER_ROUNDS"] ?? "") ?? 3)
    if let cairo = figures["cairo"] {
        let seconds = { (value: Double) in String(format: "%.2f s", value) }
        for (name, _) in RendererBenchmark.settings where name != "cairo" {
            guard let other = figures[name] else { continue }
            let label = "\(name) (\(other.renderer))"
            let checked = name == "Places' choice"
            let mark = { (ratio: Double) in checked ? (ratio <= 1.2 ? "yes" : "no") : "—" }
            let target = checked ? "≤ 1.2x" : "—"
            rows.append("| \(label): start-up to the first frame with markers | \(Statistics.ms(other.firstFrame)) | \(Statistics.ms(cairo.firstFrame)) (cairo) | \(ratio(other.firstFrame / cairo.firstFrame)) | \(target) | \(mark(other.firstFrame / cairo.firstFrame)) |")
            rows.append("| \(label): dragging at world zoom with 101,701 places, time between frames (paint p90) | \(Statistics.ms(other.dragInterval)) (\(Statistics.ms(other.dragPaintP90))) | \(Statistics.ms(cairo.dragInterval)) (\(Statistics.ms(cairo.dragPaintP90))) (cairo) | \(ratio(other.dragInterval / cairo.dragInterval)) | \(target) | \(mark(other.dragInterval / cairo.dragInterval)) |")
            rows.append("| \(label): importing 100,000 places, window at rest | \(seconds(other.importSeconds)) | \(seconds(cairo.importSeconds)) (cairo) | \(ratio(other.importSeconds / cairo.importSeconds)) | \(target) | \(mark(other.importSeconds / cairo.importSeconds)) |")
        }
    }
}

if wanted("frames") {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-100k.geojson")
    try PlacesFile.write(count: 100_000, citiesFile: root.appendingPathComponent("data/cities.tsv"), to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let frames = try FrameBenchmark.run(bin: bin, file: file)
    for (name, _, _) in FrameBenchmark.scenarios {
        guard let (big, baseline) = frames[name] else { continue }
        rows.append("| dragging the map, \(name) zoom, \(big.places) places (\(big.markers) markers): paint p50 / p90 (\(big.frames) frames) | \(Statistics.ms(big.paintMedian)) / \(Statistics.ms(big.paintP90)) | \(Statistics.ms(baseline.paintMedian)) / \(Statistics.ms(baseline.paintP90)) (\(baseline.places) places) | \(ratio(big.paintP90 / baseline.paintP90)) | p90 < 8 ms | \(big.paintP90 < 8 ? "yes" : "no") |")
        rows.append("| dragging the map, \(name) zoom, \(big.places) places: time between frames | \(Statistics.ms(big.intervalMedian)) | \(Statistics.ms(baseline.intervalMedian)) (\(baseline.places) places) | \(ratio(big.intervalMedian / baseline.intervalMedian)) | one frame (16.7 ms at 60 Hz) | \(big.intervalMedian < 17.5 ? "yes" : "no") |")
    }
}

if wanted("million") {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-million.geojson")
    try SyntheticGeoJSON.write(count: 1_000_000, seed: 21, to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let rounds = Int(ProcessInfo.processInfo.environment["GUI_BENCH_MILLION_ROUNDS"] ?? "") ?? 3
    for (name, centre, zoom) in [("world", Coordinate(latitude: 20, longitude: 0), 2.1), ("6", Coordinate(latitude: 46.5, longitude: 9.0), 6.0)] {
        var big: [FrameBenchmark.Scenario] = [], baseline: [FrameBenchmark.Scenario] = []
        for _ in 0..<rounds {
            big.append(try FrameBenchmark.measure(bin: bin, centre: centre, zoom: zoom, files: [file], places: 1_001_701))
            baseline.append(try FrameBenchmark.measure(bin: bin, centre: centre, zoom: zoom, files: [], places: 1_701))
        }
        let p90 = Statistics.median(big.map(\.intervalP90)), baseP90 = Statistics.median(baseline.map(\.intervalP90))
        let paint = Statistics.median(big.map(\.paintP90)), basePaint = Statistics.median(baseline.map(\.paintP90))
        print("Dragging at zoom \(name) with 1,001,701 places: interval p90 per round \(big.map { Statistics.ms($0.intervalP90) }), bundled alone \(baseline.map { Statistics.ms($0.intervalP90) })")
        rows.append("| dragging the map, \(name == "world" ? "world zoom" : "zoom " + name), 1,001,701 places: time between frames p90 (paint p90) | \(Statistics.ms(p90)) (\(Statistics.ms(paint))) | \(Statistics.ms(baseP90)) (\(Statistics.ms(basePaint))) (1,701 places) | \(ratio(p90 / baseP90)) | ≤ 1.05x | \(p90 / baseP90 <= 1.05 ? "yes" : "no") |")
    }
}

if wanted("click") {
    let click = try ClickBenchmark.run(bin: bin, rounds: 5)
    rows.append("| click on a marker → first frame with the card | \(Statistics.ms(click.firstFrame)) | \(Statistics.ms(click.frameInterval)) (one frame) | \(ratio(click.firstFrame / click.frameInterval)) | within two frames | \(click.firstFrame <= 2 * click.frameInterval ? "yes" : "no") |")
    rows.append("| click on a marker → card fully shown | \(Statistics.ms(click.fullyShown)) | — | — | slide (250 ms) + two frames | \(click.fullyShown <= 250 + 2 * click.frameInterval ? "yes" : "no") |")
}

if wanted("typing") {
    let million = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-typing-1m.geojson")
    try SyntheticGeoJSON.write(count: 1_000_000, seed: 21, to: million)
    defer { try? FileManager.default.removeItem(at: million) }
    for (name, file, target) in [("the bundled places", nil, 50.0), ("1,000,000 places", million, 100.0)] as [(String, URL?, Double)] {
        let run = try TypingBenchmark.run(bin: bin, file: file, rounds: 3)
        let p90 = Statistics.percentile(run.results, 0.9), floor = Statistics.percentile(run.typed, 0.9)
        print("Typing \"\(TypingBenchmark.text)\" and erasing it, \(name): \(run.results.count) keys, results p50 \(Statistics.ms(Statistics.median(run.results))), p90 \(Statistics.ms(p90)), worst \(Statistics.ms(run.results.max() ?? .nan)); slowest keys (the text they left) \(run.slowest(5))")
        rows.append("| a key typed in the search field, \(name) → its results painted: p90 | \(Statistics.ms(p90)) | \(Statistics.ms(floor)) (the key → its character painted in the field) | \(ratio(p90 / floor)) | < \(Int(target)) ms | \(p90 < target ? "yes" : "no") |")
    }
}

if wanted("import") {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-1m.geojson")
    try SyntheticGeoJSON.write(count: 1_000_000, seed: 21, to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try ImportFrameBenchmark.run(bin: bin, file: file)
    let megabytes = { (bytes: Int) in String(format: "%.0f MB", Double(bytes) / 1e6) }
    print("Imported \(run.places.formatted()) places from \(megabytes(run.fileBytes)) in \(String(format: "%.1f s", run.seconds)) while dragging (median); \(run.frames) frames in all, longest interval \(Statistics.ms(run.intervalMax))")
    rows.append("| dragging the map while 1,000,000 features import: time between frames, median / p90 | \(Statistics.ms(run.intervalMedian)) / \(Statistics.ms(run.intervalP90)) | \(Statistics.ms(run.baselineMedian)) / \(Statistics.ms(run.baselineP90)) (nothing importing) | \(ratio(run.intervalP90 / run.baselineP90)) (p90) | ≤ 1.05x the same drag, nothing importing (issue 35) | \(run.intervalP90 / run.baselineP90 <= 1.05 ? "yes" : "no") |")
    let seconds = { (value: Double) in String(format: "%.2f s", value) }
    for (name, time) in [("window at rest", run.restSeconds), ("dragging the map", run.seconds)] {
        rows.append("| importing 1,000,000 features (\(megabytes(run.fileBytes)) of GeoJSON), \(name): from start until loaded | \(seconds(time)) | \(seconds(run.checkSeconds)) (`places --check` of the file, from start until it exits) | \(ratio(time / run.checkSeconds)) | ≤ 3x | \(time <= 3 * run.checkSeconds ? "yes" : "no") |")
    }
    let peak = max(run.peakBytes, run.restPeakBytes)
    rows.append("| peak memory of the app importing \(megabytes(run.fileBytes)) of GeoJSON, at rest / dragging | \(megabytes(run.restPeakBytes)) / \(megabytes(run.peakBytes)) | \(megabytes(run.fileBytes)) (the file) | \(ratio(Double(peak) / Double(run.fileBytes))) | ≤ 2x the file | \(peak <= 2 * run.fileBytes ? "yes" : "no") |")
}

if wanted("layers") {
    let minutes = Double(ProcessInfo.processInfo.environment["GUI_BENCH_PAN_MINUTES"] ?? "") ?? 2
    let run = try LayerBenchmark.run(bin: bin, root: root, minutes: minutes)
    for (name, layers, baseline) in run.frames {
        rows.append("| dragging the map over an MBTiles and online tiles, \(name) zoom: paint p50 / p90 (\(layers.frames) frames) | \(Statistics.ms(layers.paintMedian)) / \(Statistics.ms(layers.paintP90)) | \(Statistics.ms(baseline.paintMedian)) / \(Statistics.ms(baseline.paintP90)) (no layers) | \(ratio(layers.paintP90 / baseline.paintP90)) | p90 < 8 ms | \(layers.paintP90 < 8 ? "yes" : "no") |")
        rows.append("| dragging the map over both layers, \(name) zoom: time between frames | \(Statistics.ms(layers.intervalMedian)) | \(Statistics.ms(baseline.intervalMedian)) (no layers) | \(ratio(layers.intervalMedian / baseline.intervalMedian)) | one frame (16.7 ms at 60 Hz) | \(layers.intervalMedian < 17.5 ? "yes" : "no") |")
    }
    let megabytes = { (bytes: Int) in String(format: "%.0f MB", Double(bytes) / 1e6) }
    rows.append("| peak memory after \(minutes) min of panning across levels 2–12 with both layers (\(run.tileRequests) tiles fetched) | \(megabytes(run.peakBytes)) | \(megabytes(run.baselinePeakBytes)) (no layers) | \(ratio(Double(run.peakBytes) / Double(max(run.baselinePeakBytes, 1)))) | bounded | — |")
}

if wanted("vector") {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-vector-100k.geojson")
    try PlacesFile.write(count: 100_000, citiesFile: root.appendingPathComponent("data/cities.tsv"), to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let environment = ProcessInfo.processInfo.environment
    let minutes = Double(environment["GUI_BENCH_PAN_MINUTES"] ?? "") ?? 2
    let run = try VectorBenchmark.run(bin: bin, root: root, places: file, rounds: Int(environment["GUI_BENCH_VECTOR_ROUNDS"] ?? "") ?? 3, minutes: minutes)
    let p90 = Statistics.median(run.map.map(\.intervalP90)), baseP90 = Statistics.median(run.baseline.map(\.intervalP90))
    let paint = Statistics.median(run.map.map(\.paintP90)), basePaint = Statistics.median(run.baseline.map(\.paintP90))
    let megabytes = { (bytes: Int) in String(format: "%.0f MB", Double(bytes) / 1e6) }
    print("Dragging the street map at zoom \(String(format: "%.1f", run.zoom)) with 101,701 places: interval p90 per round \(run.map.map { Statistics.ms($0.intervalP90) }), base map alone \(run.baseline.map { Statistics.ms($0.intervalP90) }); paint p90 \(run.map.map { Statistics.ms($0.paintP90) })")
    print("Tiles coming into view: first drawn \(run.firstTile.map(Statistics.ms)), all drawn \(run.allTiles.map(Statistics.ms))")
    rows.append("| dragging a street map (OpenMapTiles, central Helsinki) at zoom \(String(format: "%.1f", run.zoom)) with 101,701 places: time between frames p90 | \(Statistics.ms(p90)) | \(Statistics.ms(baseP90)) (the base map alone) | \(ratio(p90 / baseP90)) | ≤ 1.1x | \(p90 / baseP90 <= 1.1 ? "yes" : "no") |")
    rows.append("| dragging the street map: paint p90 | \(Statistics.ms(paint)) | \(Statistics.ms(basePaint)) (the base map alone) | \(ratio(paint / basePaint)) | < 8 ms | \(paint < 8 ? "yes" : "no") |")
    let first = Statistics.percentile(run.firstTile, 0.9), all = Statistics.percentile(run.allTiles, 0.9)
    rows.append("| a key brings street-map tiles into view → the first drawn, p90 (all drawn) | \(Statistics.ms(first)) (\(Statistics.ms(all))) | — | — | < 100 ms | \(first < 100 ? "yes" : "no") |")
    rows.append("| resident memory after \(minutes) min of panning and zooming (15–18) over the street map | \(megabytes(run.peakBytes)) | \(megabytes(run.restBytes)) (at rest before) | +\(megabytes(run.peakBytes - run.restBytes)) | growth < 150 MB | \(run.peakBytes - run.restBytes < 150_000_000 ? "yes" : "no") |")
}

if wanted("handoff") {
    let run = try HandOffBenchmark.run(bin: bin, files: 10_000)
    print("Handed \(run.files.formatted()) files to the window: \(run.loaded.formatted()) loaded")
    let seconds = { (value: Double) in String(format: "%.1f s", value) }
    rows.append("| \(run.files.formatted()) small files handed to the running window: until the last is loaded | \(seconds(run.window)) | \(seconds(run.check)) (`places --check` of the same files) | \(ratio(run.window / run.check)) | ≤ 10x | \(run.window <= 10 * run.check ? "yes" : "no") |")
}

if wanted("compact") {
    let count = Int(ProcessInfo.processInfo.environment["GUI_BENCH_COMPACT_PLACES"] ?? "") ?? 10_000_000
    let megabytes = { (bytes: Int) in String(format: "%.0f MB", Double(bytes) / 1e6) }
    let seconds = { (value: Double) in String(format: "%.1f s", value) }
    for run in try CompactImportBenchmark.run(bin: bin, count: count) {
        let kept = run.keptBytes - run.baseBytes, allowed = run.baseBytes + 2 * kept
        print("Imported \(run.places.formatted()) \(run.name) (\(megabytes(run.fileBytes))) in \(seconds(run.seconds)): window \(megabytes(run.baseBytes)) before, \(megabytes(run.keptBytes)) after, \(megabytes(run.peakBytes)) at the peak")
        rows.append("| importing \(run.places.formatted()) \(run.name) (\(megabytes(run.fileBytes))) in the window: peak memory | \(megabytes(run.peakBytes)) | \(megabytes(run.keptBytes)) (the window once they are in; \(megabytes(run.baseBytes)) before) | \(ratio(Double(run.peakBytes - run.baseBytes) / Double(max(kept, 1)))) (above the bare window) | ≤ 2x what is kept, plus the bare window: \(megabytes(allowed)) | \(run.peakBytes <= allowed ? "yes" : "no") |")
        rows.append("| importing \(run.places.formatted()) \(run.name) in the window: time until loaded | \(seconds(run.seconds)) | \(seconds(run.checkSeconds)) (`places --check` of the file) | \(ratio(run.seconds / run.checkSeconds)) | — | — |")
    }
}

if wanted("peers") {
    let environment = ProcessInfo.processInfo.environment
    let timeout = Double(environment["GUI_BENCH_PEER_TIMEOUT"] ?? "") ?? 300
    let megabytes = { (bytes: Int) in String(format: "%.0f MB", Double(bytes) / 1e6) }
    let seconds = { (value: Double?) in value.map { String(format: "%.2f s", $0) } ?? String(format: "not shown within %.0f s", timeout) }
    let gnomeMaps = PeerBenchmark.gnomeMapsInstalled ? "GNOME Maps \(PeerBenchmark.gnomeMapsVersion)" : ""
    if gnomeMaps.isEmpty { print("GNOME Maps is not installed (\(PeerBenchmark.gnomeMaps.path)): its rows are left out") }
    let counts = (environment["GUI_BENCH_PEER_COUNTS"] ?? "7322,100000").split(separator: ",").compactMap { Int($0) }
    for count in counts {
        // GNOME Maps may never show the larger files: one round of those, three of the others.
        let rounds = Int(environment["GUI_BENCH_PEER_ROUNDS"] ?? "") ?? (count > 10_000 ? 1 : 3)
        for format in PlacesFile.Format.allCases {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("gui-bench-peer-\(count).\(format.rawValue)")
            try PlacesFile.write(count: count, citiesFile: root.appendingPathComponent("data/cities.tsv"), to: file, as: format)
            defer { try? FileManager.default.removeItem(at: file) }
            var ours: [PeerBenchmark.Figure] = [], theirs: [PeerBenchmark.Figure] = []
            for _ in 0..<rounds {
                ours.append(try PeerBenchmark.places(bin: bin, file: file))
                if PeerBenchmark.gnomeMapsInstalled { theirs.append(try PeerBenchmark.gnomeMaps(file: file, timeout: timeout)) }
            }
            let shown = { (figures: [PeerBenchmark.Figure]) -> Double? in
                figures.contains { $0.seconds == nil } ? nil : Statistics.median(figures.compactMap(\.seconds))
            }
            let peak = { (figures: [PeerBenchmark.Figure]) in megabytes(Int(Statistics.median(figures.map { Double($0.peakBytes) }))) }
            print("Showing \(count.formatted()) points of \(format.label): Places \(ours.map { seconds($0.seconds) }), GNOME Maps \(theirs.map { figure in figure.ended.map { String(format: "ended after %.1f s (status %d)", $0.seconds, $0.status) } ?? seconds(figure.seconds) })")
            guard !theirs.isEmpty, let placesTime = shown(ours) else { continue }
            let gnomeTime = shown(theirs)
            // As "Places is N times faster": the ratios are far below 1.
            let ratioText = gnomeTime.map { String(format: "%.0fx faster", $0 / placesTime) } ?? String(format: "over %.0fx faster", timeout / placesTime)
            rows.append("| a \(count.formatted())-point \(format.label) file shown, from start (peak memory) | \(seconds(placesTime)) (\(peak(ours))) | \(seconds(gnomeTime)) (\(peak(theirs))) (\(gnomeMaps)) | \(ratioText) | — | — |")
        }
    }
}

print("")
print("| measurement | Places (median) | baseline (median) | ratio | target | met? |")
print("|---|---:|---:|---:|---|---|")
rows.forEach { print($0) }
