import Multicast
import PlacesCore
import PlacesTestingSupport
import Testing

/// What the shared models broadcast: one typed change per transaction, and nothing when nothing changed.
@MainActor
@Suite("Model broadcasts")
struct ModelBroadcastTests {
    static let trip = PlaceSource(id: "file:/trip.geojson", title: "trip.geojson", path: "/trip.geojson")
    static let eiffel = Place(id: "file:/trip.geojson/eiffel", name: "Eiffel Tower", category: .landmark,
                              coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945), source: trip.id)
    static let louvre = Place(id: "file:/trip.geojson/louvre", name: "Louvre", category: .landmark,
                              coordinate: Coordinate(latitude: 48.8606, longitude: 2.3376), source: trip.id)

    @Test("asking for what the model already holds broadcasts nothing")
    func equalValuesAreSilent() {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        model.select(Samples.paris.id)
        model.setFavourite(Samples.tokyo.id, true)
        let spy = SpyPlacesDelegate()
        model.delegates += spy

        model.select(Samples.paris.id)
        model.setFavourite(Samples.tokyo.id, true)
        model.setFavourite(Samples.madrid.id, false)
        model.add(Samples.places, from: .bundled)
        model.batch {}
        model.removeSource("file:/not-there.geojson")

        #expect(spy.broadcastCount == 0)
    }

    @Test("a transaction is broadcast once, saying everything it changed")
    func transactionBroadcastsOnce() throws {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        let spy = SpyPlacesDelegate()
        model.delegates += spy

        model.batch {
            model.select(Samples.paris.id)
            model.toggleFavourite(Samples.tokyo.id)
            model.add([Self.eiffel, Self.louvre], from: Self.trip)
        }

        let change = try #require(spy.changes.only)
        #expect(change.previousSelection == .some(nil))
        #expect(change.favouritesAdded == [Samples.tokyo.id])
        #expect(change.sourcesChanged)
        #expect(change.added.compactMap { model.places[$0]?.id }.sorted() == [Self.eiffel.id, Self.louvre.id])
        #expect(change.updated.isEmpty && change.removed.isEmpty)
        #expect(model.sources.map(\.id) == [PlaceSource.bundledID, Self.trip.id])
    }

    @Test("an import adds its source and its places in one broadcast")
    func importIsOneBroadcast() {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        let spy = SpyPlacesDelegate()
        model.delegates += spy

        model.add([Self.eiffel, Self.louvre], from: Self.trip)

        #expect(spy.broadcastCount == 1)
        #expect(spy.changes.first?.sourcesChanged == true)
        #expect(spy.changes.first?.added.count == 2)
    }

    @Test("removing a source takes its places, and the selection and favourites among them, in one broadcast")
    func removingSourceClearsItsPlaces() throws {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        model.add([Self.eiffel, Self.louvre], from: Self.trip)
        model.select(Self.eiffel.id)
        model.setFavourite(Self.louvre.id, true)
        model.setFavourite(Samples.paris.id, true)
        let spy = SpyPlacesDelegate(model: model)
        model.delegates += spy

        model.removeSource(Self.trip.id)

        let change = try #require(spy.changes.only)
        #expect(Set(change.removed.values.map(\.id)) == [Self.eiffel.id, Self.louvre.id])
        #expect(change.previousSelection == .some(Self.eiffel.id))
        #expect(change.favouritesRemoved == [Self.louvre.id])
        #expect(model.selectedItem == nil)
        #expect(model.favourites == [Samples.paris.id])
        #expect(model.places.count == Samples.places.count)
    }

    @Test("importing a file again changes only the places that differ, in their slots")
    func reimportUpdatesInPlace() throws {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        model.add([Self.eiffel, Self.louvre], from: Self.trip)
        let eiffelSlot = try #require(model.places.slot(of: Self.eiffel.id))
        let spy = SpyPlacesDelegate()
        model.delegates += spy
        var renamed = Self.eiffel
        renamed.name = "Tour Eiffel"
        let orsay = Place(id: "file:/trip.geojson/orsay", name: "Orsay", category: .landmark,
                          coordinate: Coordinate(latitude: 48.86, longitude: 2.326))

        model.add([renamed, orsay], from: Self.trip)

        let change = try #require(spy.changes.only)
        #expect(change.updated == [eiffelSlot])
        #expect(change.removed.values.map(\.id) == [Self.louvre.id])
        #expect(change.added.compactMap { model.places[$0]?.id } == [orsay.id])
        #expect(!change.sourcesChanged)
        #expect(model.places[eiffelSlot]?.name == "Tour Eiffel")
    }

    @Test("a removed place's slot is reused only by a later transaction")
    func slotsAreReusedAfterTheBroadcast() throws {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        model.add([Self.eiffel], from: Self.trip)
        let slot = try #require(model.places.slot(of: Self.eiffel.id))

        model.batch {
            model.removeSource(Self.trip.id)
            model.add([Self.louvre], from: Self.trip)
        }
        #expect(model.places.slot(of: Self.louvre.id) != slot)

        model.removeSource(Self.trip.id)
        model.add([Self.eiffel], from: Self.trip)
        #expect(model.places.slot(of: Self.eiffel.id) != nil)
        #expect(model.places.count == Samples.places.count + 1)
    }

    @Test("selecting an id the model does not hold selects nothing")
    func unknownSelectionSelectsNothing() {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        model.select("nowhere")
        #expect(model.selectedItem == nil)
    }

    @Test("saving the profile broadcasts once, with what changed and how saving went")
    func profileSaveBroadcastsOnce() async throws {
        let store = InMemoryProfileStore()
        let saves = SaveQueue()
        let kept = KeptProfile(store: store, saves: saves, profile: Profile(name: "Ada", homeCity: Samples.lyonCity))
        let model = kept.model
        let spy = SpyProfileDelegate()
        model.delegates += spy

        model.save(Profile(name: "Ada", homeCity: Samples.tokyoCity))
        await saves.finished()
        store.saveFailure = TestFailure(description: "disk full")
        model.save(Profile(name: "Grace", homeCity: Samples.tokyoCity))
        await saves.finished()

        #expect(spy.changes == [
            ProfileChange(nameChanged: false, homeCityChanged: true, outcome: .saving),
            ProfileChange(nameChanged: false, homeCityChanged: false, outcome: .saved),
            ProfileChange(nameChanged: true, homeCityChanged: false, outcome: .saving),
            ProfileChange(nameChanged: false, homeCityChanged: false, outcome: .failed("disk full")),
        ])
        #expect(model.name == "Grace")
        #expect(store.saved?.name == "Ada")
    }

    @Test("a subscriber that changes the selection inside a broadcast leaves every view-model on the newest selection")
    func nestedSelectionEndsOnNewest() throws {
        let placesModel = PlacesModel(places: Samples.places, sources: [.bundled])
        // Subscribed before the view-models, so the nested broadcast overtakes the outer one for all of them.
        let redirector = SpyPlacesDelegate(model: placesModel)
        redirector.onChange = { [weak placesModel] change in
            if change.selectionChanged, placesModel?.selectedItem == Samples.paris.id { placesModel?.select(Samples.lyon.id) }
        }
        placesModel.delegates += redirector
        let app = PlacesApp.inMemory(places: placesModel, locale: Samples.locale)
        let shell = RecordingShell()
        app.coordinator.start(in: shell)
        let lateSpy = SpyPlacesDelegate(model: placesModel)
        placesModel.delegates += lateSpy
        shell.clear()

        placesModel.select(Samples.paris.id)

        #expect(placesModel.selectedItem == Samples.lyon.id)
        #expect(redirector.selections == [Samples.paris.id, Samples.lyon.id])
        #expect(lateSpy.selections.allSatisfy { $0 == Samples.lyon.id })
        #expect(app.card.state.latest??.title == "Lyon")
        let list = try #require(app.list.state.latest)
        #expect(list.placeRow(at: list.selectedRow)?.id == Samples.lyon.id)
        #expect(app.map.state.latest?.selectedID == Samples.lyon.id)
        #expect(shell.calls == [.show(.map(card: true))])
    }
}

extension Collection {
    /// The one element, nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
