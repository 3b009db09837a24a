import Multicast
import PlacesCore
import Testing

/// What the shared models broadcast, and what they keep quiet about.
@MainActor
@Suite("Model broadcasts")
struct ModelBroadcastTests {
    @Test("setting a places-model value equal to the current one broadcasts nothing")
    func equalPlacesModelValuesAreSilent() {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        model.selectedItem = Samples.paris.id
        model.location = Samples.lyonCity.coordinate
        model.favourites = [Samples.tokyo.id]
        let spy = SpyPlacesDelegate()
        model.delegates += spy

        model.places = Samples.places
        model.selectedItem = Samples.paris.id
        model.location = Samples.lyonCity.coordinate
        model.favourites = [Samples.tokyo.id]
        model.sources = [.bundled]

        #expect(spy.broadcastCount == 0)
    }

    @Test("setting a profile-model value equal to the current one broadcasts nothing")
    func equalProfileModelValuesAreSilent() {
        let model = ProfileModel(store: InMemoryProfileStore(Profile(name: "Ada", homeCity: Samples.lyonCity)))
        let spy = SpyProfileDelegate()
        model.delegates += spy

        model.name = "Ada"
        model.homeCity = Samples.lyonCity

        #expect(spy.broadcastCount == 0)
    }

    @Test("each real change is broadcast once, with the new value")
    func changesAreBroadcastOnce() {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        let spy = SpyPlacesDelegate()
        model.delegates += spy

        model.selectedItem = Samples.paris.id
        model.location = Samples.lyonCity.coordinate
        model.toggleFavourite(Samples.tokyo.id)
        model.sources = [.bundled, PlaceSource(id: "file:/trip.geojson", title: "trip.geojson")]
        model.places = [Samples.paris, Samples.tokyo]

        #expect(spy.selections == [Samples.paris.id])
        #expect(spy.locations == [Samples.lyonCity.coordinate])
        #expect(spy.favouriteChanges == [[Samples.tokyo.id]])
        #expect(spy.sourceChanges == [[PlaceSource.bundledID, "file:/trip.geojson"]])
        #expect(spy.placeChanges == [[Samples.paris.id, Samples.tokyo.id]])
    }

    @Test("removing the selected place or a favourite's place clears them")
    func removingPlacesClearsSelectionAndFavourites() {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        model.selectedItem = Samples.lyon.id
        model.favourites = [Samples.lyon.id, Samples.paris.id]
        let spy = SpyPlacesDelegate()
        model.delegates += spy

        model.places = [Samples.paris, Samples.tokyo]

        #expect(model.selectedItem == nil)
        #expect(model.favourites == [Samples.paris.id])
        #expect(spy.selections == [nil])
        #expect(spy.favouriteChanges == [[Samples.paris.id]])
        #expect(spy.placeChanges.count == 1)
    }

    @Test("a subscriber that changes the selection inside didSelectItem leaves every view-model on the newest selection")
    func nestedSelectionEndsOnNewest() throws {
        let placesModel = PlacesModel(places: Samples.places, sources: [.bundled])
        // Subscribed before the view-models, so the nested broadcast overtakes the outer one for all of them.
        let redirector = SpyPlacesDelegate()
        redirector.onSelect = { [weak placesModel] id in
            if id == Samples.paris.id { placesModel?.selectedItem = Samples.lyon.id }
        }
        placesModel.delegates += redirector
        let profileModel = ProfileModel(store: InMemoryProfileStore())
        let coordinator = AppCoordinator(
            placesModel: placesModel, profileModel: profileModel, cities: CityDirectory(Samples.cities), locale: Samples.locale
        )
        let shell = RecordingShell()
        coordinator.start(in: shell)
        let lateSpy = SpyPlacesDelegate()
        placesModel.delegates += lateSpy
        shell.clear()

        coordinator.map.tappedOn(placeId: Samples.paris.id)

        #expect(placesModel.selectedItem == Samples.lyon.id)
        #expect(redirector.selections == [Samples.paris.id, Samples.lyon.id])
        #expect(lateSpy.selections.last == Samples.lyon.id)
        #expect(!lateSpy.selections.contains(Samples.paris.id))
        #expect(coordinator.card.state.latest??.title == "Lyon")
        let list = try #require(coordinator.list.state.latest)
        #expect(list.placeRow(at: list.selectedRow)?.id == Samples.lyon.id)
        #expect(coordinator.map.state.latest?.selectedID == Samples.lyon.id)
        #expect(shell.calls.last == .reveal(Samples.lyon.id))
        #expect(!shell.calls.contains(.reveal(Samples.paris.id)))
    }

    @Test("a subscriber after the view-models that changes the selection also leaves them on the newest")
    func nestedSelectionFromLateSubscriber() {
        let scenario = Scenario()
        scenario.map.resize(to: Scenario.viewport)
        let redirector = SpyPlacesDelegate()
        redirector.onSelect = { [weak model = scenario.placesModel] id in
            if id == Samples.paris.id { model?.selectedItem = Samples.madrid.id }
        }
        scenario.placesModel.delegates += redirector
        scenario.shell.clear()

        scenario.map.tappedOn(placeId: Samples.paris.id)

        #expect(scenario.placesModel.selectedItem == Samples.madrid.id)
        #expect(scenario.card.state.latest??.title == "Madrid")
        #expect(scenario.map.state.latest?.selectedID == Samples.madrid.id)
        #expect(scenario.shell.calls.last == .reveal(Samples.madrid.id))
        scenario.map.settle()
        let centre = scenario.map.camera.center
        #expect(abs(centre.latitude - Samples.madrid.coordinate.latitude) < 1e-6)
        #expect(abs(centre.longitude - Samples.madrid.coordinate.longitude) < 1e-6)
    }
}
