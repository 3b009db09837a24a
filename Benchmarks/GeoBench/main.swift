// geo-bench: the PlacesCore geometry layer against naive per-frame linear work, interleaved in one run.
// Build and run in release: swift run -c release geo-bench
import Foundation
import PlacesCore
import TestingSupport

#if canImport(Glibc)
import Glibc
#endif

/// Places as real data looks: 60 % around 400 "cities" of varied size, 40 % spread over the inhabited band.
func makePlaces(count: Int, seed: UInt64) -> [WorldPoint] {
    var random = SplitMix64(seed: seed)
    let cities = (0..<400).map { _ in
        (x: Double.random(in: 0.02...0.98, using: &random), y: Double.random(in: 0.25...0.75, using: &random),
         spread: [0.0005, 0.002, 0.01].randomElement(using: &random)!)
    }
    return (0..<count).map { _ in
        if Double.random(in: 0...1, using: &random) < 0.4 {
            return WorldPoint(x: .random(in: 0...1, using: &random), y: .random(in: 0.2...0.8, using: &random))
        }
        let city = cities.randomElement(using: &random)!
        let dx = Double.random(in: -1...1, using: &random) * Double.random(in: 0...1, using: &random)
        let dy = Double.random(in: -1...1, using: &random) * Double.random(in: 0...1, using: &random)
        return WorldPoint(x: min(max(city.x + dx * city.spread, 0), 1), y: min(max(city.y + dy * city.spread, 0), 1))
    }
}

/// The naive hit test: a linear scan over every place.
func linearNearest(_ points: [WorldPoint], to query: WorldPoint, within radius: Double) -> Int? {
    var best = -1
    var bestDistance = radius * radius
    for index in points.indices {
        let dx = points[index].x - query.x
        let dy = points[index].y - query.y
        let distance = dx * dx + dy * dy
        if distance < bestDistance || (distance == bestDistance && best < 0) {
            best = index
            bestDistance = distance
        }
    }
    return best < 0 ? nil : best
}

/// The naive per-frame clustering: project every place, bucket the visible ones into screen cells.
func naiveMarkers(_ points: [WorldPoint], camera: Camera, cellSize: Double) -> [MapMarker] {
    let columns = Int((camera.viewport.width / cellSize).rounded(.up)) + 1
    let rows = Int((camera.viewport.height / cellSize).rounded(.up)) + 1
    var counts = [Int](repeating: 0, count: columns * rows)
    var first = [Int](repeating: 0, count: columns * rows)
    var sums = [ScreenPoint](repeating: ScreenPoint(x: 0, y: 0), count: columns * rows)
    let visible = camera.visibleWorldRect
    for index in points.indices where visible.contains(points[index]) {
        let screen = camera.screenPoint(for: points[index])
        let cell = Int(screen.y / cellSize) * columns + Int(screen.x / cellSize)
        if counts[cell] == 0 { first[cell] = index }
        counts[cell] += 1
        sums[cell].x += screen.x
        sums[cell].y += screen.y
    }
    var markers: [MapMarker] = []
    for cell in counts.indices where counts[cell] > 0 {
        let at = ScreenPoint(x: sums[cell].x / Double(counts[cell]), y: sums[cell].y / Double(counts[cell]))
        markers.append(counts[cell] == 1 ? .place(index: first[cell], at: at)
            : .cluster(count: counts[cell], at: at, bounds: visible))
    }
    return markers
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// One result row: medians in microseconds.
struct Row {
    let name: String
    let ours: Double
    let naive: Double
    let targetMicroseconds: Double
    let target: String
}

/// Times `ours` and `naive` alternately (swapping which goes first), returning the two medians.
func interleaved(repetitions: Int, ours: (Int) -> Int, naive: (Int) -> Int, checksum: inout Int) -> (Double, Double) {
    let clock = ContinuousClock()
    var oursTimes: [Double] = []
    var naiveTimes: [Double] = []
    for repetition in 0..<repetitions {
        for turn in (repetition % 2 == 0 ? [0, 1] : [1, 0]) {
            let start = clock.now
            let result = turn == 0 ? ours(repetition) : naive(repetition)
            let elapsed = microseconds(clock.now - start)
            checksum &+= result
            if turn == 0 { oursTimes.append(elapsed) } else { naiveTimes.append(elapsed) }
        }
    }
    return (median(oursTimes), median(naiveTimes))
}

func hitTestRow(checksum: inout Int, mismatches: inout Int) -> Row {
    let places = makePlaces(count: 1_000_000, seed: 1)
    let clock = ContinuousClock()
    let start = clock.now
    let index = SpatialIndex(places)
    print("SpatialIndex build, 1,000,000 places: \(String(format: "%.1f", microseconds(clock.now - start) / 1000)) ms")
    var random = SplitMix64(seed: 2)
    let viewport = ScreenSize(width: 1100, height: 750)
    let queries: [(WorldPoint, Double)] = (0..<1001).map { _ in
        let camera = Camera(centerWorldPoint: places.randomElement(using: &random)!,
                            zoom: .random(in: 2...16, using: &random), viewport: viewport)
        let screen = ScreenPoint(x: .random(in: 0...1100, using: &random), y: .random(in: 0...750, using: &random))
        return (camera.worldPoint(at: screen), 22 / camera.worldPixelSize)
    }
    var answers = [Int?](repeating: nil, count: queries.count)
    var naiveAnswers = answers
    let (ours, naive) = interleaved(repetitions: queries.count, ours: { repetition in
        answers[repetition] = index.nearest(to: queries[repetition].0, within: queries[repetition].1)
        return answers[repetition] ?? -1
    }, naive: { repetition in
        naiveAnswers[repetition] = linearNearest(places, to: queries[repetition].0, within: queries[repetition].1)
        return naiveAnswers[repetition] ?? -1
    }, checksum: &checksum)
    mismatches += zip(answers, naiveAnswers).filter { $0 != $1 }.count
    print("hit-tests that found a place: \(answers.compactMap { $0 }.count) of \(answers.count)")
    return Row(name: "hit-test, 1,000,000 places, 22 px radius, zoom 2–16",
               ours: ours, naive: naive, targetMicroseconds: 20, target: "< 20 µs")
}

func markerRows(checksum: inout Int, mismatches: inout Int) -> [Row] {
    let places = makePlaces(count: 100_000, seed: 3)
    let clock = ContinuousClock()
    let start = clock.now
    let clusterer = MarkerClusterer(places)
    print("MarkerClusterer build, 100,000 places: \(String(format: "%.1f", microseconds(clock.now - start) / 1000)) ms")
    let viewport = ScreenSize(width: 1100, height: 750)
    let world = Camera(centerWorldPoint: WorldPoint(x: 0.5, y: 0.5), zoom: log2(750 / 256), viewport: viewport)
    var random = SplitMix64(seed: 4)
    let regional = (0..<501).map { _ in
        Camera(centerWorldPoint: places.randomElement(using: &random)!, zoom: .random(in: 3...9, using: &random), viewport: viewport)
    }
    var rows: [Row] = []
    for (name, cameraAt) in [("whole world", { (_: Int) in world }), ("random viewport, zoom 3–9", { regional[$0] })] {
        let (ours, naive) = interleaved(repetitions: 501, ours: { repetition in
            clusterer.markers(for: cameraAt(repetition)).reduce(0) { $0 + $1.count }
        }, naive: { repetition in
            naiveMarkers(places, camera: cameraAt(repetition), cellSize: 64).reduce(0) { $0 + $1.count }
        }, checksum: &checksum)
        let camera = cameraAt(0)
        let visible = places.filter { camera.visibleWorldRect.contains($0) }.count
        if clusterer.markers(for: camera).reduce(0, { $0 + $1.count }) != visible { mismatches += 1 }
        rows.append(Row(name: "markers + clusters, 100,000 places, 1100×750, \(name)",
                        ours: ours, naive: naive, targetMicroseconds: 5000, target: "< 5 ms"))
    }
    return rows
}

func format(_ microseconds: Double) -> String {
    microseconds >= 1000 ? String(format: "%.2f ms", microseconds / 1000) : String(format: "%.2f µs", microseconds)
}

var checksum = 0
var mismatches = 0
print("Machine: \(Machine.current())")
let rows = [hitTestRow(checksum: &checksum, mismatches: &mismatches)] + markerRows(checksum: &checksum, mismatches: &mismatches)
print("")
print("| measurement | ours (median) | naive (median) | ratio | target | met? |")
print("|---|---|---|---|---|---|")
for row in rows {
    let ratio = String(format: "%.0f×", row.naive / row.ours)
    let met = row.ours < row.targetMicroseconds ? "yes" : "NO"
    print("| \(row.name) | \(format(row.ours)) | \(format(row.naive)) | \(ratio) | \(row.target) | \(met) |")
}
print("")
print("checksum \(checksum), disagreements with the naive scan: \(mismatches)")
