import Foundation
import PlacesCore
import Testing

/// The person's collections: made from the card, listed as sections, shown alone on the map, renamed,
/// deleted and undone, kept across launches.
@MainActor
@Suite("Collections")
struct CollectionsScenarioTests {
    private func markerIDs(_ scenario: Scenario) -> Set<Place.ID> {
        Set(scenario.map.state.latest?.markers.compactMap { if case .place(let id, _, _) = $0.kind { id } else { nil } } ?? [])
    }

    /// A scenario with a collection "Trip" holding Paris and Tokyo, made from the card.
    private func withTrip() throws -> (Scenario, PlaceCollection.ID) {
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        scenario.shell.nameToGive = "Trip"
        scenario.placesModel.select(Samples.paris.id)
        scenario.card.send(.newCollection)
        let trip = try #require(scenario.placesModel.collections.first)
        scenario.placesModel.select(Samples.tokyo.id)
        scenario.card.send(.setMember(trip.id, true))
        return (scenario, trip.id)
    }

    @Test("New Collection from the card asks a name, makes it with the place in it, and offers Undo; the card shows the membership")
    func createFromCard() throws {
        let (scenario, trip) = try withTrip()
        #expect(scenario.shell.questions.first == NameQuestion(title: "New Collection", confirm: "_Create"))
        #expect(scenario.shell.undoOffers.first == "Collection “Trip” created")
        #expect(scenario.placesModel.collections.first?.members == [Samples.paris.id, Samples.tokyo.id])
        #expect(scenario.card.state.latest??.collections == [
            .init(id: PlaceCardState.Membership.favouritesID, name: "Favourites", isMember: false), .init(id: trip, name: "Trip", isMember: true),
        ])
        scenario.card.send(.setMember(trip, false))
        #expect(scenario.card.state.latest??.collections.last?.isMember == false)
        scenario.card.send(.setMember(PlaceCardState.Membership.favouritesID, true))
        #expect(scenario.placesModel.favourites == [Samples.tokyo.id], "Favourites is the first collection of the menu")
        #expect(scenario.card.state.latest??.collections.first?.isMember == true)
    }

    @Test("a collection is a section after Favourites, its places still in their own; found counts each place once")
    func listedAsSection() throws {
        let (scenario, _) = try withTrip()
        let state = try #require(scenario.list.state.latest)
        #expect(state.headers.prefix(2) == ["Trip (2)", "Capitals (3)"])
        #expect(state.found == Samples.places.count)
        scenario.list.send(.search("tok"))
        #expect(scenario.list.state.latest?.headers == ["Trip (1)", "Capitals (1)"])
        // A renamed place moves within the collection's section too.
        var renamed = Samples.tokyo
        renamed.name = "Aaa Tokyo"
        scenario.placesModel.add(Samples.places.filter { $0.id != Samples.tokyo.id } + [renamed], from: .bundled)
        scenario.list.send(.search(""))
        #expect(scenario.list.state.latest?.placeIDs.prefix(2) == [Samples.tokyo.id, Samples.paris.id])
    }

    @Test("Show Alone on Map shows only the collection's places, fitted, on the Map tab; it follows membership; Show All ends it")
    func showAlone() throws {
        let (scenario, trip) = try withTrip()
        scenario.placesModel.select(nil)
        scenario.coordinator.handle(.show(.places))
        scenario.list.send(.showAlone(.collection(trip)))
        scenario.map.settle()
        #expect(scenario.shell.tab == .map)
        #expect(scenario.map.state.latest?.shownAlone == "Trip")
        #expect(markerIDs(scenario) == [Samples.paris.id, Samples.tokyo.id])
        scenario.coordinator.handle(.edit(.setMember(Samples.madrid.id, of: trip, true)))
        scenario.map.send(.zoom(levels: -5))
        let shown = scenario.map.state.latest?.markers.reduce(0) { total, marker in
            if case .cluster(let count) = marker.kind { total + count } else { total + 1 }
        }
        #expect(shown == 3, "Paris, Tokyo and now Madrid, nothing else")
        #expect(!markerIDs(scenario).contains(Samples.lyon.id))
        scenario.map.send(.showAlone(nil, title: ""))
        #expect(scenario.map.state.latest?.shownAlone == nil)
    }

    @Test("favourites shown alone: starring a place shows it at once, without moving the map; a moved member follows")
    func favouritesAloneFollowChanges() {
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        scenario.placesModel.setFavourite(Samples.paris.id, true)
        scenario.list.send(.showAlone(.favourites))
        scenario.map.settle()
        scenario.map.send(.show(center: Coordinate(latitude: 40, longitude: 10), zoom: 1))
        #expect(markerIDs(scenario) == [Samples.paris.id])
        scenario.coordinator.handle(.edit(.setFavourite(Samples.tokyo.id, true)))
        #expect(markerIDs(scenario) == [Samples.paris.id, Samples.tokyo.id], "the map redrew for the new favourite")
        var moved = Samples.paris
        moved.coordinate = Coordinate(latitude: -33.86, longitude: 151.21)
        scenario.placesModel.add(Samples.places.filter { $0.id != Samples.paris.id } + [moved], from: .bundled)
        let paris = scenario.map.state.latest?.markers.first { $0.kind == .place(id: Samples.paris.id, category: .capital, isSelected: false) }
        #expect(paris.map { $0.position.distance(to: scenario.map.camera.screenPoint(for: moved.coordinate)) < 0.5 } == true)
    }

    @Test("renaming and deleting a collection are steps of the history; its places stay")
    func renameAndDelete() throws {
        let (scenario, trip) = try withTrip()
        scenario.shell.nameToGive = "Japan and France"
        scenario.list.send(.renameCollection(trip))
        #expect(scenario.shell.questions.last == NameQuestion(title: "Rename Collection", confirm: "_Rename", initial: "Trip"))
        #expect(scenario.list.state.latest?.headers.first == "Japan and France (2)")

        scenario.list.send(.deleteCollection(trip))
        #expect(scenario.placesModel.collections.isEmpty)
        #expect(scenario.shell.undoOffers.last == "Collection “Japan and France” deleted")
        #expect(scenario.placesModel.places.place(withID: Samples.tokyo.id) != nil)
        #expect(scenario.list.state.latest?.headers.first == "Capitals (3)")

        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.collections.first?.name == "Japan and France")
        #expect(scenario.shell.notices.last == "Undone: Delete Collection “Japan and France”")
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.collections.first?.name == "Trip")
        scenario.coordinator.handle(.perform(.undo))
        #expect(scenario.placesModel.collections.first?.members == [Samples.paris.id])
        #expect(scenario.shell.notices.last == "Undone: Add “Tokyo” to “Trip”")
    }

    @Test("a blank name makes no collection; cancelling the question changes nothing")
    func blankName() {
        let scenario = Scenario()
        scenario.shell.nameToGive = "   "
        scenario.coordinator.handle(.newCollection(adding: nil))
        scenario.shell.nameToGive = nil
        scenario.coordinator.handle(.newCollection(adding: nil))
        #expect(scenario.placesModel.collections.isEmpty)
        #expect(scenario.editor.history.undoCount == 0)
    }

    @Test("collections survive a restart, in version 2 of the library file, and export like any section")
    func survivesRestart() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        do {
            let first = LibraryScenario(library: FileLibraryStore(folder: folder.url))
            await first.app.restoreLibrary()
            first.shell.nameToGive = "Trip"
            first.placesModel.select(Samples.lyon.id)
            first.app.card.send(.newCollection)
            await first.saved()
        }
        let second = LibraryScenario(library: FileLibraryStore(folder: folder.url))
        await second.app.restoreLibrary()
        let trip = try #require(second.placesModel.collections.first)
        #expect(trip.name == "Trip" && trip.members == [Samples.lyon.id])
        #expect(second.list.state.latest?.headers.first == "Trip (1)")
        second.shell.destination = folder.file("trip.geojson").path
        second.list.send(.export(.collection(trip.id)))
        await second.saved()
        let written = try String(contentsOf: folder.file("trip.geojson"), encoding: .utf8)
        #expect(written.contains("Lyon") && !written.contains("Tokyo"))
    }

    @Test("two instances' collections merge whole: one's new collection and the other's rename both stay")
    func merge() {
        let trip = PlaceCollection(id: "c/1", name: "Trip", members: ["a"])
        var renamed = trip
        renamed.name = "Vienna"
        let other = PlaceCollection(id: "c/2", name: "Cafés")
        let merged = Library.merged(base: Library(collections: [trip]), mine: Library(collections: [renamed]),
                                    theirs: Library(collections: [trip, other]))
        #expect(merged.collections == [renamed, other])
        let deleted = Library.merged(base: Library(collections: [trip]), mine: Library(), theirs: Library(collections: [trip, other]))
        #expect(deleted.collections == [other])
    }
}
