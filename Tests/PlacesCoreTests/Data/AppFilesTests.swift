import PlacesCore
import Testing

/// Files in the structure other apps write (`Fixtures/apps`, each file's header says which app and
/// version, and where the structure is documented), read as an import reads them.
@Suite("Files other apps write")
struct AppFilesTests {
    private func read(_ name: String) throws -> ImportResult {
        try PlaceFileReader(source: "file:/\(name)", idPrefix: "").read(SourceTree.fixture("apps/" + name))
    }

    @Test("Garmin BaseCamp: the symbol names the kind, not the generic “user” type; every category is kept")
    func garminBaseCamp() throws {
        let result = try read("garmin-basecamp.gpx")
        #expect(result.places.map(\.name) == ["Col de Porte parking", "Chamechaude", "Gîte des Écrins"])
        #expect(result.places.map(\.category) == [.other("Parking Area"), .landmark, .other("Lodging")])
        #expect(result.places.map(\.category.displayName) == ["Parking Area", "Landmark", "Lodging"])
        let parking = result.places[0]
        #expect(parking.summary == "Fills up by 9 on Sundays")
        #expect(parking.properties["type"] == "user", "the generic type is kept for export")
        #expect(parking.properties["ele"] == "1205.4")
        #expect(parking.properties["time"] == "2024-07-13T06:40:00Z")
        #expect(parking.properties["extensions.WaypointExtension.Categories.Category"] == "Chartreuse")
        #expect(parking.properties["extensions.WaypointExtension.Categories.Category#2"] == "Summer 2024")
        let gite = result.places[2]
        #expect(gite.summary == "Dorm beds, breakfast at 7")
        #expect(gite.properties["extensions.WaypointExtension.Address.City"] == "Grenoble")
        #expect(gite.properties["extensions.WaypointExtension.PhoneNumber"] == "+33 4 76 00 00 00")
        #expect(result.skippedFeatures == 0)
    }
}
