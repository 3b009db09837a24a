import Foundation
@testable import PlacesCore
import Testing

/// File names are bytes: one that is not UTF-8 is kept byte for byte, opened by its real name, and
/// shown with U+FFFD.
@Suite("File names")
struct FileNameTests {
    @Test("any bytes come back as they were; UTF-8 names are left as they are; odd bytes are shown as U+FFFD")
    func roundTrip() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) }
            #expect(FileName.bytes(FileName.string(bytes: bytes)) == bytes, "\(bytes)")
        }
        let latin1: [UInt8] = Array("/home/ada/caf".utf8) + [0xE9] + Array(".geojson".utf8)
        #expect(FileName.shown(FileName.string(bytes: latin1)) == "/home/ada/caf\u{FFFD}.geojson")
        #expect(FileName.string(bytes: Array("/tmp/Zürich 東京.gpx".utf8)) == "/tmp/Zürich 東京.gpx")
        #expect(FileName.bytes("/tmp/Zürich 東京.gpx") == Array("/tmp/Zürich 東京.gpx".utf8))
    }

    @Test("a file whose name is not UTF-8 is read, checked and imported under its real name")
    @MainActor
    func readByItsBytes() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let name = FileName.string(bytes: Array("caf".utf8) + [0xE9] + Array(".geojson".utf8))
        let path = folder.url.path + "/" + name
        let created = FileName.withCString(path) { creat($0, 0o644) }
        try #require(created >= 0)
        let text = Array(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[4.83,45.76]},"properties":{"name":"Café"}}"#.utf8)
        _ = text.withUnsafeBytes { write(created, $0.baseAddress, $0.count) }
        close(created)

        #expect(FileName.exists(path) && !FileManager.default.fileExists(atPath: String(decoding: FileName.bytes(path), as: UTF8.self)))
        var printed: [String] = []
        #expect(FileCheck.run([path]) { printed.append($0) } == 0)
        #expect(printed == ["\(folder.url.path)/caf\u{FFFD}.geojson: 1 place"])
        #expect(PlaceFiles.source(for: path).title == "caf\u{FFFD}.geojson")

        let scenario = Scenario()
        await scenario.coordinator.importFiles([path])
        #expect(scenario.placesModel.sources.last?.title == "caf\u{FFFD}.geojson")
        #expect(scenario.placesModel.sources.last?.path == path)
        #expect(scenario.shell.notices == ["Imported 1 place from “caf\u{FFFD}.geojson”"])
    }
}
