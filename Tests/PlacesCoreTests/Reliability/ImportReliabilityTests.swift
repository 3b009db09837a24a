import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// Importing whatever a person points Places at: it can be cancelled, it says in words why a path
/// cannot be read, and thousands of remembered files gone missing cost one short message.
@MainActor
@Suite("Importing reliably", .timeLimit(.minutes(5)))
struct ImportReliabilityTests {
    /// A FeatureCollection of `count` points, about 110 bytes each.
    static func bigFile(_ count: Int, in folder: TemporaryDirectory, name: String = "big.geojson") throws -> String {
        var text = #"{"type":"FeatureCollection","features":["#
        text.reserveCapacity(count * 110)
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #"{"type":"Feature","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"name":"P\#(index)"}}"#
        }
        return try folder.write(text + "]}", to: name).path
    }

    @Test("cancelling an import stops the file being read and skips the rest; nothing is added")
    func cancel() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = try Self.bigFile(600_000, in: folder)
        let small = try LibraryScenario.writeTrip(in: folder).path!
        let scenario = Scenario()

        let importing = Task { await scenario.coordinator.importFiles([big, small]) }
        await waitUntil { scenario.shell.screen?.activity?.text == "Importing big.geojson…" }
        scenario.coordinator.handle(.cancelImport)
        await importing.value

        #expect(scenario.placesModel.sources == [.bundled])
        #expect(scenario.shell.errors == ["Import cancelled: big.geojson and 1 more file were not imported."])
        #expect(scenario.shell.screen?.activity == nil, "the header bar no longer says a file is read")

        await scenario.coordinator.importFiles([small])
        #expect(scenario.placesModel.sources.map(\.title) == ["World", "trip.geojson"], "the next import is not cancelled")
    }

    @Test("a path that is not a readable file is reported in words", arguments: [
        ("folder", "it is a folder, not a file"),
        ("pipe", "it is a named pipe, not a file"),
        ("loop", "its symbolic links point at each other in a loop"),
        ("plain/inside", "part of its path is a file, not a folder"),
        ("zero", "it is a device, not a file"),
    ])
    func unreadablePaths(name: String, reason: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.file("folder"), withIntermediateDirectories: true)
        _ = mkfifo(folder.file("pipe").path, 0o644)
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop").path, withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: folder.file("zero").path, withDestinationPath: "/dev/zero")
        try folder.write("text", to: "plain")
        let scenario = Scenario()

        await scenario.coordinator.importFiles([folder.file(name).path])

        let title = URL(fileURLWithPath: name).lastPathComponent
        #expect(scenario.shell.errors == ["Could not import \(title): \(reason)."])
        #expect(scenario.placesModel.sources == [.bundled])
    }

    @Test("20,000 remembered files gone missing cost one short message naming three of them")
    func manyMissingFiles() async throws {
        let sources = (0..<20_000).map { PlaceSource(id: "file:/gone/\($0).geojson", title: "\($0).geojson", path: "/gone/\($0).geojson") }
        let store = InMemoryLibraryStore(Library(sources: sources))
        let scenario = LibraryScenario(library: store)

        await scenario.app.restoreLibrary()

        #expect(scenario.shell.errors == [
            "20,000 imported files were not found, among them 0.geojson, 1.geojson, 2.geojson. They stay remembered "
                + "and load again once they are back; remove them from the Places list to forget them.",
        ])
        #expect(scenario.shell.screens.allSatisfy { $0.activity == nil }, "nothing was read")
        await scenario.saved()
        #expect(store.saveCount == 0, "they stay remembered")
    }
}
