import Foundation
@testable import PlacesCore
import Testing
import ZIPFoundation

/// A KMZ's zip is made as its KML comes (`ZipStream`); ZIPFoundation, an implementation of its own,
/// reads it back whole with its CRC checked, and Python's `zipfile` tests it.
@Suite("A zip made as its one file arrives")
struct ZipStreamTests {
    /// Text like a KML's, and bytes zlib cannot shrink, in pieces of many sizes.
    static let cases: [(name: String, pieces: [Data])] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func noise(_ count: Int) -> Data {
            Data((0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            })
        }
        let text = Data((0..<20_000).map { "<Placemark><name>Café \($0)</name></Placemark>\n" }.joined().utf8)
        return [
            ("empty", []),
            ("one empty piece", [Data()]),
            ("one byte", [Data([0x41])]),
            ("text in one piece", [text]),
            ("text in pieces of 1 to 300,000 bytes", [1, 7, 4096, 300_000, 13, 65_536].reduce(into: (pieces: [Data](), offset: 0)) { result, size in
                let end = min(text.count, result.offset + size)
                result.pieces.append(text.subdata(in: result.offset..<end))
                result.offset = end
            }.pieces + [text]),
            ("noise in twenty pieces", (0..<20).map { _ in noise(200_000) }),
        ]
    }()

    @Test("reads back as what was appended, with its name, CRC and sizes", arguments: cases.indices)
    func readsBack(index: Int) throws {
        let pieces = Self.cases[index].pieces
        var archive = Data()
        let zip = ZipStream(entry: "doc.kml", modified: Date(timeIntervalSince1970: 1_795_000_000))
        for piece in pieces { zip.append(piece) { archive.append($0) } }
        try zip.finish { archive.append($0) }

        let expected = pieces.reduce(Data(), +)
        let read = try Archive(data: archive, accessMode: .read)
        let entries = Array(read)
        try #require(entries.count == 1)
        #expect(entries[0].path == "doc.kml" && entries[0].uncompressedSize == Int64(expected.count))
        var unpacked = Data()
        _ = try read.extract(entries[0], skipCRC32: false) { unpacked.append($0) }
        #expect(unpacked == expected, "\(Self.cases[index].name)")

        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("test.kmz")
        try archive.write(to: file)
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip(), z.infolist()[0].date_time)", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var seconds = time_t(1_795_000_000)
        var local = tm()
        localtime_r(&seconds, &local)
        #expect(printed == "None (\(local.tm_year + 1900), \(local.tm_mon + 1), \(local.tm_mday), \(local.tm_hour), \(local.tm_min), \(local.tm_sec / 2 * 2))\n",
                "zipfile finds no damaged entry and the date it was given")
    }

    @Test("a KMZ made whole (ExportFormat.data) reads back as the places given; the streaming write is read back by the --convert tests")
    func kmzExport() throws {
        let places = (0..<3000).map { index in
            ExportedPlace(Place(id: "p\(index)", name: "Ort \(index) – \u{1F3D4}", category: .other("peak"), coordinate: Coordinate(latitude: 47, longitude: Double(index) / 100)),
                          collections: index.isMultiple(of: 2) ? ["Even"] : [])
        }
        let data = try ExportFormat.kmz.data(for: places, title: "Peaks")
        let read = try PlaceFileReader(source: "s").read(Array(data))
        // Written Folder by Folder: the places of no collection first.
        #expect(read.places.count == places.count && Set(read.places.map(\.name)) == Set(places.map(\.place.name)), "\(read.places.count) places")
        #expect(read.groups.names == ["Even"])
    }
}
