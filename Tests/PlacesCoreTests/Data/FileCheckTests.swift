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
        #expect(lines[1] == "\(broken): error: the file is empty")
        #expect(lines[2] == "\(notGeo): error: not GeoJSON: the top level is an array, not an object")
        #expect(lines[3] == "\(good): 1 place")
        #expect(lines[4] == "\(folder.url.path): error: cannot be read: it is a folder, not a file")
    }

    @Test("control characters in a file's name and values are printed escaped: the terminal shows them and obeys none")
    func controlCharactersEscaped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // What retitles the terminal, clears it, and (OSC 52) sets the clipboard.
        let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{9B}31m\u{7F}"
        let path = try folder.write("name,latitude,longitude\nCafé,\(hostile),2.35\n", to: "trip\(hostile).csv").path

        var printed: [String] = []
        _ = FileCheck.run([path]) { printed.append($0) }

        let output = printed.joined(separator: "\n")
        #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(output.debugDescription)")
        #expect(output.contains("trip\\x1B]0;PWNED\\x07\\x1B[2J\\x1B]52;c;cm0gLXJmIH4=\\x07\\u{9B}31m\\x7F.csv"), "\(output)")
        #expect(TerminalText.escaped("line one\nline two\ttab") == "line one\\nline two\\ttab")
        #expect(TerminalText.escaped("Zürich, 東京 ✓") == "Zürich, 東京 ✓")
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
