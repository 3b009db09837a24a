// vector-bench: Places' vector tile renderer against libshumate's (Debian 12's libshumate 1.0.3, the
// renderer GNOME Maps uses), drawing the same tiles of the OpenMapTiles fixture of central Helsinki
// in the same rules: the MapLibre style libshumate reads is written here from Places' `VectorStyle`.
// Per tile: the time to have it drawn (Places: read from the MBTiles file, decoded, painted;
// libshumate: fetched from a server on 127.0.0.1, decoded, painted, the fetch alone timed apart),
// and each program's resident memory after drawing them. Each writes one tile as a PNG to
// artifacts/bench, to compare what they draw.
import CGtk
import Foundation
import PlacesCore
import PlacesGtk

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let folder = root.appendingPathComponent("Benchmarks/VectorBench")
let artifacts = root.appendingPathComponent("artifacts/bench")
try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
let mapPath = root.appendingPathComponent("Tests/PlacesCoreTests/Fixtures/tiles/helsinki-openmaptiles.mbtiles").path
let rounds = Int(ProcessInfo.processInfo.environment["VECTOR_BENCH_ROUNDS"] ?? "") ?? 30

let archive = try TileArchives.open(mapPath, title: "Helsinki")
let metadata = archive.metadata
// Every tile of level 14 the file holds (the deepest: street level), the fullest first.
let side = Double(1 << metadata.maxZoom), bounds = metadata.bounds
let tiles = (Int(bounds.minY * side)...Int(bounds.maxY * side)).flatMap { y in
    (Int(bounds.minX * side)...Int(bounds.maxX * side)).map { TileID(z: metadata.maxZoom, x: $0, y: y) }
}.compactMap { tile in (try? archive.tileData(tile)).flatMap { $0 }.map { (tile, $0.count) } }
    // The fullest first: the one each program writes as a PNG.
    .sorted { $0.1 > $1.1 }.map(\.0)
let style = VectorStyle(schema: .openMapTiles, palette: .light)

/// "#rrggbb", as style documents write colours.
func hex(_ colour: RGB) -> String {
    String(format: "#%02x%02x%02x", Int((colour.red * 255).rounded()), Int((colour.green * 255).rounded()), Int((colour.blue * 255).rounded()))
}

/// The rule as a MapLibre style layer (or two: a fill's outline is a line layer of its own there).
func styleLayers(_ rule: VectorStyle.Rule, index: Int) -> [[String: Any]] {
    var base: [String: Any] = ["source": "places", "source-layer": rule.layer, "minzoom": rule.minZoom]
    if let values = rule.values { base["filter"] = ["in", style.classKey] + values.sorted() }
    switch rule.paint {
    case .fill(let colour, let outline):
        var layers = [base.merging(["id": "fill-\(index)", "type": "fill", "paint": ["fill-color": hex(colour)]]) { $1 }]
        if let outline {
            layers.append(base.merging(["id": "outline-\(index)", "type": "line", "paint": ["line-color": hex(outline), "line-width": 0.75]]) { $1 })
        }
        return layers
    case .line(let colour, let width, let dashes):
        var paint: [String: Any] = ["line-color": hex(colour), "line-width": VectorStyle.width(width, atZoom: 14)]
        if !dashes.isEmpty { paint["line-dasharray"] = dashes }
        return [base.merging(["id": "line-\(index)", "type": "line", "paint": paint,
                              "layout": ["line-cap": dashes.isEmpty ? "round" : "butt", "line-join": "round"]]) { $1 }]
    }
}

// Places: read, decode and paint each tile, as the window does off the main thread.
let painter = VectorTilePainter(style: style, bounds: metadata.bounds, scale: 1)
var ours: [Double] = [], decoding: [Double] = []
for round in 0..<rounds {
    for (index, tile) in tiles.enumerated() {
        let start = DispatchTime.now().uptimeNanoseconds
        let bytes = try archive.tileData(tile)!
        let decoded = try VectorTile(decoding: bytes)
        let decodedAt = DispatchTime.now().uptimeNanoseconds
        let image = painter.image(of: tile, from: decoded, source: tile)
        let end = DispatchTime.now().uptimeNanoseconds
        ours.append(Double(end - start) / 1e6)
        decoding.append(Double(decodedAt - start) / 1e6)
        if round == rounds - 1, index == 0 { cairo_surface_write_to_png(image.surface, artifacts.appendingPathComponent("vector-places.png").path) }
    }
}
/// This process's resident memory now (VmRSS), in megabytes.
func residentMegabytes() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "").map { $0 / 1024 } ?? .nan
}
let ourMemory = residentMegabytes()

// libshumate: a tile server, the style, then its renderer in a program of its own.
let portFile = artifacts.appendingPathComponent("vector-bench-port")
try? FileManager.default.removeItem(at: portFile)
let server = Process()
server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
server.arguments = [folder.appendingPathComponent("serve_tiles.py").path, mapPath, portFile.path]
server.standardOutput = FileHandle.nullDevice
try server.run()
var port: String?
for _ in 0..<200 where port == nil {
    usleep(25_000)
    port = try? String(contentsOf: portFile, encoding: .utf8)
}
guard let port else { fatalError("vector-bench: the tile server did not start") }
var layers: [[String: Any]] = [["id": "land", "type": "background", "paint": ["background-color": hex(style.land)]]]
for (index, rule) in style.rules.enumerated() { layers += styleLayers(rule, index: index) }
let styleJSON: [String: Any] = [
    "version": 8,
    "sources": ["places": ["type": "vector", "tiles": ["http://127.0.0.1:\(port)/{z}/{x}/{y}.pbf"], "minzoom": metadata.minZoom, "maxzoom": metadata.maxZoom]],
    "layers": layers,
]
let styleFile = artifacts.appendingPathComponent("vector-bench-style.json")
try JSONSerialization.data(withJSONObject: styleJSON, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]).write(to: styleFile)

let shumate = Process()
shumate.executableURL = URL(fileURLWithPath: CommandLine.arguments[1])
shumate.arguments = [styleFile.path, String(rounds), artifacts.appendingPathComponent("vector-libshumate.png").path] + tiles.map(\.description)
// Its complaints go to a file: two pipes read one after the other could stall it on the second.
let complaints = artifacts.appendingPathComponent("shumate-bench-errors.txt")
try Data().write(to: complaints)
let output = Pipe()
shumate.standardOutput = output
shumate.standardError = try FileHandle(forWritingTo: complaints)
try shumate.run()
let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
shumate.waitUntilExit()
let complaint = ((try? String(contentsOf: complaints, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
server.terminate()
server.waitUntilExit()
let words = printed.split(whereSeparator: \.isWhitespace).map(String.init)
func figure(_ name: String) -> Double { words.firstIndex(of: name).flatMap { Double(words[$0 + 1]) } ?? .nan }
let theirs = figure("render_ms_median"), fetch = figure("fetch_ms_median"), theirMemory = figure("rss_mb")

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let ms = { (value: Double) in String(format: "%.2f ms", value) }
print("Tiles: \(tiles.count) of level \(metadata.maxZoom), \(rounds) rounds; PNGs in artifacts/bench (vector-places.png, vector-libshumate.png)")
print("Places: read + decode \(ms(median(decoding))), all \(ms(median(ours))); libshumate: all \(ms(theirs)), of which fetching \(ms(fetch))")
print("")
print("| measurement | Places (median) | libshumate 1.0.3 (median) | ratio | target | met? |")
print("|---|---:|---:|---:|---|---|")
let theirsDrawing = theirs - fetch
guard shumate.terminationStatus == 0 else {
    // Debian 12's libshumate is built without its vector renderer (an experimental option, off by default).
    print("| a street-level vector tile (OpenMapTiles, central Helsinki) read, decoded and drawn at 256 px | \(ms(median(ours))) | — (\(complaint)) | — | faster than libshumate | — |")
    exit(0)
}
print("| a street-level vector tile (OpenMapTiles, central Helsinki) read, decoded and drawn at 256 px | \(ms(median(ours))) | \(ms(theirsDrawing)) (\(ms(theirs)) with its fetch from 127.0.0.1) | \(String(format: "%.2fx", theirsDrawing / median(ours))) faster | faster than libshumate | \(median(ours) < theirsDrawing ? "yes" : "no") |")
print("| resident memory after drawing them (each program) | \(String(format: "%.0f MB", ourMemory)) | \(String(format: "%.0f MB", theirMemory)) | — | — | — |")
