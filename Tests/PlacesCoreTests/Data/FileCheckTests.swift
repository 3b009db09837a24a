import Foundation
import PlacesCore
import Testing

/// `places --check FILE...`: one report per file, exit status 0 only when every file was readable.
@Suite("Check command")
struct FileCheckTests {
    private func run(_ paths: [String]) -> (status: Int32, lines: [String]) {
        var printed: [String] = []
        let status = FileCheck.run(paths) { printed.append($0) }
        return (status, printed.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) })
    }

    @Test("readable files exit with 0 and print their summaries and reasons")
    func readableFiles() {
        let valid = SourceTree.fixtures.appendingPathComponent("valid-places.geojson").path
        let mixed = SourceTree.fixtures.appendingPathComponent("mixed-problems.geojson").path

        let (status, lines) = run([valid, mixed])

        #expect(status == 0)
        #expect(lines == [
            "\(valid): 5 places; 1 line",
            "\(mixed): 1 place; 1 area; 6 features skipped",
            "  skipped feature 2: latitude 91.0 is out of range (-90...90)",
            "  skipped feature 3: longitude -181.0 is out of range (-180...180)",
            "  skipped feature 4: no coordinates",
            "  skipped feature 5: a position needs longitude and latitude, found 1 value",
            "  skipped feature 6: no geometry",
            "  … and 1 more skipped",
        ])
    }

    @Test("an unreadable file makes the status 1, and the other files are still checked")
    func unreadableFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let missing = folder.file("missing.geojson").path
        let broken = try folder.write("", to: "empty.geojson").path
        let notGeo = SourceTree.fixtures.appendingPathComponent("top-level-array.json").path
        let good = SourceTree.fixtures.appendingPathComponent("bom-feature.geojson").path

        let (status, lines) = run([missing, broken, notGeo, good, folder.url.path])

        #expect(status == 1)
        #expect(lines.count == 5)
        #expect(lines[0] == "\(missing): error: cannot be read: it does not exist")
        #expect(lines[1] == "\(broken): error: not valid JSON: line 1, column 1: the file is empty")
        #expect(lines[2] == "\(notGeo): error: not GeoJSON: the top level is an array, not an object")
        #expect(lines[3] == "\(good): 1 place")
        #expect(lines[4] == "\(folder.url.path): error: cannot be read: it is a folder, not a file")
    }

    @Test("no files is an error with a message")
    func noFiles() {
        let (status, lines) = run([])
        #expect(status == 1)
        #expect(lines == ["places --check: no files given"])
    }

    @Test("a readable file with nothing in it still exits with 0")
    func emptyCollection() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(#"{"type":"FeatureCollection","features":[]}"#, to: "empty.geojson").path
        let (status, lines) = run([path])
        #expect(status == 0)
        #expect(lines == ["\(path): 0 places"])
    }

    @Test("map files are checked as maps: their kind, name, tile format and levels, or why they cannot be shown")
    func mapFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let alps = try TileArchiveTests.make("make_mbtiles.py", in: folder, as: "alps.mbtiles")
        let pmtiles = try TileArchiveTests.make("make_pmtiles.py", in: folder, as: "world.pmtiles")
        let broken = try folder.write("not a map", to: "notes.mbtiles").path
        let (status, lines) = run([alps, pmtiles, broken])
        #expect(status == 1)
        #expect(lines.count == 3)
        #expect(lines[0] == "\(alps): MBTiles map “Alps test map”, PNG tiles, levels 3–5")
        #expect(lines[1].hasPrefix("\(pmtiles): PMTiles map "), "\(lines[1])")
        #expect(lines[2] == "\(broken): error: it is neither an MBTiles nor a PMTiles map")
    }
}
