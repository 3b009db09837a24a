import Foundation
@testable import PlacesCore
import Testing

/// Places' exports opened by other tools: GDAL (`ogrinfo`, the reader of QGIS and most GIS) and
/// GPSBabel (what GPS devices' and many apps' conversions go through). `make test` installs both
/// (Debian's `gdal-bin` and `gpsbabel`) and sets PLACES_REQUIRE_TOOLS, which makes this suite fail,
/// not skip, without them.
@Suite("Exports that GDAL and GPSBabel read", .enabled(if: OtherTools.available || OtherTools.required, "needs ogrinfo and gpsbabel (make test installs them)"))
struct OtherToolsReadOurExportsTests {
    /// Every fixture of other apps and tools, read as Places reads them: places with extensions,
    /// HTML, ExtendedData, and lines and areas.
    private static func library() throws -> (places: [Place], shapes: [PlaceShape]) {
        var places: [Place] = [], shapes: [PlaceShape] = []
        for name in ["apps/garmin-basecamp.gpx", "apps/osmand-favourites.gpx", "apps/organic-maps-bookmarks.kml", "apps/gnome-maps-47-places.json",
                     "formats/ogr2ogr.kml", "formats/gpsbabel.gpx", "formats/antimeridian.geojson"] {
            let read = try PlaceFileReader(source: "file:/\(name)").read(SourceTree.fixture(name))
            places += read.places
            shapes += read.shapes
        }
        return (places, shapes)
    }

    private func export(_ format: ExportFormat, in folder: TemporaryDirectory) throws -> (file: URL, places: Int, shapes: [PlaceShape]) {
        let (places, shapes) = try Self.library()
        let file = folder.file("export." + format.fileExtension)
        try format.data(for: places.map { ExportedPlace($0, isFavourite: true, collections: ["Trip & “more”"]) }, shapes: shapes, title: "Export")
            .write(to: file)
        return (file, places.count, format.carriesShapes ? shapes : [])
    }

    /// `ogrinfo`'s feature count of each layer of `file`.
    private func layers(_ file: URL, options: [String] = []) throws -> [String: Int] {
        let output = try OtherTools.run("ogrinfo", ["-ro", "-al", "-so"] + options + [file.path])
        var counts: [String: Int] = [:]
        var layer = ""
        for line in output.split(separator: "\n") {
            if line.hasPrefix("Layer name: ") { layer = String(line.dropFirst(12)) }
            if line.hasPrefix("Feature Count: ") { counts[layer] = Int(line.dropFirst(15)) }
        }
        return counts
    }

    @Test("GDAL opens every format Places writes, with every place, line and area", arguments: ExportFormat.allCases)
    func gdalReads(format: ExportFormat) throws {
        try #require(OtherTools.available, "ogrinfo and gpsbabel are not installed")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (file, places, shapes) = try export(format, in: folder)
        switch format {
        case .gpx:
            let counts = try layers(file)
            #expect(counts["waypoints"] == places && counts["tracks"] == shapes.count, "\(counts)")
        case .csv:
            let counts = try layers(file, options: ["-oo", "X_POSSIBLE_NAMES=longitude", "-oo", "Y_POSSIBLE_NAMES=latitude"])
            #expect(counts.values.reduce(0, +) == places, "\(counts)")
        case .geoJSON, .kml, .kmz:
            let counts = try layers(file)
            #expect(counts.values.reduce(0, +) == places + shapes.count, "\(counts)")
        }
    }

    @Test("GPSBabel reads Places' GPX and KML: every waypoint, Garmin's address from the extensions written back")
    func gpsbabelReads() throws {
        try #require(OtherTools.available, "ogrinfo and gpsbabel are not installed")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let (gpx, places, _) = try export(.gpx, in: folder)
        let rows = try OtherTools.run("gpsbabel", ["-i", "gpx", "-f", gpx.path, "-o", "unicsv", "-F", "-"]).split(whereSeparator: \.isNewline)
        #expect(rows.count == places + 1, "\(rows.count - 1) waypoints of \(places)")
        #expect(rows[0].contains("City") && rows[0].contains("Symbol"), "\(rows[0])")
        let gite = try #require(rows.first { $0.contains("Gîte des Écrins") })
        #expect(gite.contains(#""Grenoble""#) && gite.contains(#""38000""#) && gite.contains(#""Lodging""#), "\(gite)")

        let (kml, _, _) = try export(.kml, in: folder)
        let fromKML = try OtherTools.run("gpsbabel", ["-i", "kml", "-f", kml.path, "-o", "unicsv", "-F", "-"]).split(whereSeparator: \.isNewline)
        #expect(fromKML.count == places + 1, "\(fromKML.count - 1) placemarks of \(places)")
    }

    @Test("files GDAL and GPSBabel wrote, through Places and back out in their format: GDAL counts the same features")
    func roundTripThroughPlaces() throws {
        try #require(OtherTools.available, "ogrinfo and gpsbabel are not installed")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        for (name, format) in [("ogr2ogr.kml", ExportFormat.kml), ("ogr2ogr.gpx", .gpx), ("gpsbabel.gpx", .gpx), ("gpsbabel.kml", .kml), ("source.geojson", .geoJSON)] {
            let original = SourceTree.fixtures.appendingPathComponent("formats/" + name)
            let read = try PlaceFileReader(source: "s").read(SourceTree.fixture("formats/" + name))
            let again = folder.file("again-" + name)
            try format.data(for: read.places.map { ExportedPlace($0) }, shapes: read.shapes, title: "again").write(to: again)
            // GPX's features are its waypoints, routes and tracks, not their points (Places writes a route as a track).
            let features = { (counts: [String: Int]) in counts.filter { $0.key != "track_points" && $0.key != "route_points" }.values.reduce(0, +) }
            let before = try layers(original), after = try layers(again)
            #expect(features(after) == features(before), "\(name): \(before) before, \(after) after")
        }
    }
}

/// GDAL's and GPSBabel's command-line tools, where installed.
enum OtherTools {
    static let available = ["ogrinfo", "gpsbabel"].allSatisfy { tool in
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    static var required: Bool { ProcessInfo.processInfo.environment["PLACES_REQUIRE_TOOLS"] == "1" }

    /// Runs `tool` with `arguments`; its standard output, or an error with its standard error.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestFailure(description: "\(tool) failed (\(process.terminationStatus)): \(String(decoding: message, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
