import Foundation
@testable import PlacesCore
import Testing

/// Map files of raster tiles, written in the test by Python from the formats' specifications (not
/// by Places): MBTiles through Python's sqlite3, PMTiles with Hilbert ids, gzip-compressed
/// directories and a leaf directory.
@Suite("MBTiles and PMTiles files")
struct TileArchiveTests {
    /// Runs a fixture script `name` with `arguments` and returns the file it wrote.
    static func make(_ script: String, _ arguments: [String] = [], in folder: TemporaryDirectory, as name: String) throws -> String {
        let out = folder.file(name).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [SourceTree.fixtures.appendingPathComponent("tiles/\(script)").path, out] + arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(script) failed")
        return out
    }

    static func label(_ bytes: [UInt8]?) -> String? {
        bytes.map { String(decoding: $0.dropFirst(8), as: UTF8.self) }
    }

    @Test("an MBTiles file's rows count from the south: each tile read by its XYZ place is the one stored there")
    func mbtilesRows() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let archive = try TileArchives.open(Self.make("make_mbtiles.py", in: folder, as: "alps.map"), title: "alps.map")
        #expect(archive.metadata == TileArchiveMetadata(
            name: "Alps test map", format: .png, minZoom: 3, maxZoom: 5,
            bounds: TileArchiveMetadata.bounds(west: 5, south: 44, east: 12, north: 48.5)!, attribution: "© Test Map Makers"
        ))
        // Zurich at zoom 5 is x 16, y 11 in XYZ (row 20 in TMS).
        #expect(Self.label(try archive.tileData(TileID(z: 5, x: 16, y: 11))) == "5/16/11")
        #expect(Self.label(try archive.tileData(TileID(z: 4, x: 8, y: 5))) == "4/8/5")
        #expect(try archive.tileData(TileID(z: 5, x: 16, y: 20)) == nil, "the TMS row is not an XYZ row")
        #expect(try archive.tileData(TileID(z: 5, x: 3, y: 11)) == nil, "nothing outside the region")
        #expect(try archive.tileData(TileID(z: 9, x: 999, y: 0)) == nil, "nor beyond the world")
    }

    @Test("without metadata, the levels come from the tiles and the format from their first bytes; the name from the file")
    func mbtilesWithoutMetadata() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let archive = try TileArchives.open(Self.make("make_mbtiles.py", ["--no-metadata"], in: folder, as: "bare.mbtiles"), title: "bare.mbtiles")
        #expect(archive.metadata.name == "bare.mbtiles")
        #expect(archive.metadata.format == .png && archive.metadata.minZoom == 3 && archive.metadata.maxZoom == 5)
        #expect(archive.metadata.bounds == .world)
    }

    @Test("a PMTiles archive gives each tile by its Hilbert id, runs of one blob, and tiles of a leaf directory")
    func pmtiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let archive = try TileArchives.open(Self.make("make_pmtiles.py", in: folder, as: "alps.data"), title: "alps.data")
        #expect(archive.metadata.name == "PMTiles test map" && archive.metadata.attribution == "Tile Test & Co")
        #expect(archive.metadata.minZoom == 0 && archive.metadata.maxZoom == 6 && archive.metadata.format == .png)
        for z in 0...2 where z != 1 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) { #expect(Self.label(try archive.tileData(TileID(z: z, x: x, y: y))) == "\(z)/\(x)/\(y)") }
            }
        }
        for x in 0...1 {
            for y in 0...1 { #expect(Self.label(try archive.tileData(TileID(z: 1, x: x, y: y))) == "sea", "one blob for the run") }
        }
        #expect(Self.label(try archive.tileData(TileID(z: 6, x: 33, y: 23))) == "6/33/23", "from the leaf directory")
        #expect(Self.label(try archive.tileData(TileID(z: 6, x: 34, y: 22))) == "6/34/22")
        #expect(try archive.tileData(TileID(z: 6, x: 35, y: 22)) == nil)
        #expect(try archive.tileData(TileID(z: 3, x: 0, y: 0)) == nil)
    }

    @Test("tile ids follow the Hilbert curve of each level after the levels above", arguments: [
        (TileID(z: 0, x: 0, y: 0), 0), (TileID(z: 1, x: 0, y: 0), 1), (TileID(z: 1, x: 0, y: 1), 2), (TileID(z: 1, x: 1, y: 1), 3),
        (TileID(z: 1, x: 1, y: 0), 4), (TileID(z: 2, x: 0, y: 0), 5), (TileID(z: 12, x: 3423, y: 1763), 19_078_479),
    ] as [(TileID, UInt64)])
    func hilbertIDs(tile: TileID, id: UInt64) {
        #expect(PMTilesDirectory.tileID(tile) == id)
    }

    @Test("files that are not maps, or broken ones, say why in words")
    func brokenFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        func failure(_ path: String) -> String? {
            do throws(TileArchiveError) {
                let archive = try TileArchives.open(path, title: "x")
                _ = try archive.tileData(TileID(z: 5, x: 0, y: 0))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure(try Self.make("make_mbtiles.py", ["--no-tiles-table"], in: folder, as: "a.mbtiles"))
            == "it has no tiles table, where an MBTiles map keeps its tiles")
        #expect(failure(try Self.make("make_mbtiles.py", ["--format", "webp"], in: folder, as: "b.mbtiles"))
            == "its tiles are webp, and Places draws PNG, JPEG and vector tiles")
        #expect(failure(try Self.make("make_mbtiles.py", ["--huge-tile"], in: folder, as: "c.mbtiles"))
            == "a tile of 52.4 MB is larger than the 8.4 MB Places reads")
        #expect(failure(try Self.make("make_pmtiles.py", ["--brotli"], in: folder, as: "d.pmtiles"))
            == "its directories are compressed with Brotli, which Places cannot read")
        #expect(failure(try Self.make("make_pmtiles.py", ["--zstd-tiles"], in: folder, as: "z.pmtiles"))
            == "its tiles are compressed with Zstandard, which Places cannot read")
        #expect(failure(try folder.write(Array(repeating: 7, count: 4_000), to: "e.mbtiles").path) == "it is neither an MBTiles nor a PMTiles map")
        #expect(failure(folder.file("missing.pmtiles").path) == "it does not exist")
        #expect(failure(folder.url.path) == "it is a folder, not a file")
        let whole = try Array(Data(contentsOf: URL(fileURLWithPath: Self.make("make_pmtiles.py", in: folder, as: "f.pmtiles"))))
        for cut in stride(from: 0, to: whole.count, by: 7) {
            let path = try folder.write(Array(whole.prefix(cut)), to: "cut.pmtiles").path
            guard let reason = failure(path) else { continue }  // tiles past the cut are not read
            #expect(!reason.contains("Error Domain") && !reason.isEmpty)
        }
        var flipped = whole
        for index in stride(from: 127, to: whole.count, by: 3) { flipped[index] ^= 0x5A }
        _ = failure(try folder.write(flipped, to: "g.pmtiles").path)  // any answer but a crash
    }
}
