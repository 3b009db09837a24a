import Foundation
@testable import PlacesCore
import Testing

/// The library's writer and reader agree on its size: what is written can be read back, and what could
/// not be is not written.
@Suite("The library's size")
struct LibrarySizeTests {
    @Test("twice the benchmark's library (290,000 favourites, own places with notes) is written compact and read back whole")
    func twiceTheBenchmarkLibrary() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // places-bench's library: 145,000 favourites of imported files (LibrarySaveBenchmark).
        let favourites = (0..<290_000).map { "file:/home/ada/Documents/trips/summer-\($0 / 1000).geojson/node/\($0)" }
        let own = (0..<20_000).map { index in
            Library.OwnPlace(Place(
                id: "mine/\(UUID().uuidString)", name: "Place \(index)", category: .landmark,
                coordinate: Coordinate(latitude: Double(index % 170) - 85, longitude: Double(index % 360) - 180 + 0.123456789),
                source: PlaceSource.mineID, notes: "A note\nwith two lines, “quotes” and <b>markup</b>", link: "https://example.org/\(index)"
            ))
        }
        let library = Library(favourites: favourites, places: own)
        let store = FileLibraryStore(folder: folder.url)
        try store.save(library)

        let size = try #require(FileManager.default.attributesOfItem(atPath: store.url.path)[.size] as? Int)
        #expect(size < Int(FileLibraryStore.sizeLimit) / 2, "\(size) bytes")
        #expect(try !Data(contentsOf: store.url).contains(UInt8(ascii: "\n")), "written compact, without indentation")
        #expect(try FileLibraryStore(folder: folder.url).load().value == library)
    }

    @Test("a document more than the reader takes is not written: the file keeps what it had, and the reason names both sizes")
    func tooLargeIsNotWritten() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("library.json")
        let file = VersionedDocumentFile(url: url, version: 2, limit: 1_000)
        let kept = Data(#"{"version": 2, "library": {"favourites": ["capital-fr-paris"]}}"#.utf8)
        try file.write(kept)

        let large = Data(#"{"version": 2, "library": {"favourites": ["\#(String(repeating: "x", count: 1_200))"]}}"#.utf8)
        #expect {
            try file.write(large)
        } throws: { error in
            "\(error)" == "it would be 1.2 kB, more than the 1.0 kB Places reads back"
        }
        #expect(try Data(contentsOf: url) == kept)
        #expect(try folder.contents() == ["library.json"])
    }
}
