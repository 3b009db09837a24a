import Foundation
import Testing
@testable import PlacesCore

/// What an own place carries beyond its fields (a point of interest's opening hours, a copied place's
/// file properties) outlives a restart, and a sync folder carries it too.
@Suite struct OwnPlacePropertiesTests {
    private let place = Place(id: "mine/1", name: "Espresso edge", category: Category(rawValue: "cafe"),
                              coordinate: Coordinate(latitude: 60.17, longitude: 24.95), source: PlaceSource.mineID,
                              properties: ["opening_hours": "Mo-Fr 07:00-18:00", "website": "https://example.org", "addr:street": "Aleksanterinkatu"])

    @Test func theLibraryFileKeepsThem() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = FileLibraryStore(folder: folder.url)
        try store.save(Library(places: [Library.OwnPlace(place)]))
        let restored = try #require(try store.load().value?.places.first?.place)
        #expect(Dictionary(uniqueKeysWithValues: restored.properties.map { ($0.key, $0.value) })
                == ["opening_hours": "Mo-Fr 07:00-18:00", "website": "https://example.org", "addr:street": "Aleksanterinkatu"])
        #expect(restored == place)
    }

    @Test func aSyncFolderKeepsThem() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let device = SyncDevice(id: "laptop", name: "laptop")
        _ = try SyncFolderLibraryStore(folder: folder.url, device: device).save(Library(places: [Library.OwnPlace(place)]), base: nil)
        let restored = try #require(try SyncFolderLibraryStore(folder: folder.url, device: device).load().value?.places.first?.place)
        #expect(restored == place)
    }
}
