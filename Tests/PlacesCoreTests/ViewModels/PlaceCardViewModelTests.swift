import Foundation
import PlacesCore
import PlacesTestingSupport
import Testing

/// The card that slides up for the selected place.
@MainActor
@Suite("Place card view-model")
struct PlaceCardViewModelTests {
    static let villeurbanne = Place(
        id: "city-fr-villeurbanne", name: "Villeurbanne", category: .city,
        coordinate: Coordinate(latitude: 45.7719, longitude: 4.8902)
    )
    static let volcano = Place(
        id: "other-etna", name: "Etna", category: .other("volcano"),
        coordinate: Coordinate(latitude: 37.7510, longitude: 14.9934), summary: ""
    )

    private func makeCard(home: City? = Samples.lyonCity) -> (PlacesModel, ProfileModel, PlaceCardViewModel) {
        let places = PlacesModel(places: Samples.places + [Self.villeurbanne, Self.volcano], sources: [.bundled])
        let profile = ProfileModel(profile: Profile(name: "Ada", homeCity: home))
        return (places, profile, PlaceCardViewModel(places: places, profile: profile, locale: Samples.locale))
    }

    @Test("with nothing selected the card is empty")
    func emptyWithoutSelection() {
        let (model, _, card) = makeCard()
        #expect(card.state.latest == .some(nil))
        model.selectedItem = Samples.paris.id
        model.selectedItem = nil
        #expect(card.state.latest == .some(nil))
    }

    @Test("the card shows the selected place's name, kind, summary and coordinate")
    func contents() throws {
        let (model, _, card) = makeCard()
        model.selectedItem = Samples.tomAndJerry.id
        let state = try #require(card.state.latest.flatMap { $0 })
        #expect(state.id == Samples.tomAndJerry.id)
        #expect(state.title == "<b>Tom & Jerry's</b>")
        #expect(state.category == "Landmark")
        #expect(state.symbol == "▲")
        #expect(state.colour == Category.landmark.colour)
        #expect(state.summary == "A \"cartoon\" studio & <i>shop</i>")
        #expect(state.coordinate == "34.0522° N, 118.2437° W")
        #expect(state.isFavourite == false)

        model.selectedItem = Self.volcano.id
        #expect(card.state.latest??.category == "Volcano")
        #expect(card.state.latest??.symbol == "◆")
    }

    @Test("coordinates are written with hemisphere letters in every quadrant", arguments: [
        (Coordinate(latitude: 48.8566, longitude: 2.3522), "48.8566° N, 2.3522° E"),
        (Coordinate(latitude: -33.8688, longitude: 151.2093), "33.8688° S, 151.2093° E"),
        (Coordinate(latitude: 40.7128, longitude: -74.0060), "40.7128° N, 74.0060° W"),
        (Coordinate(latitude: -22.9068, longitude: -43.1729), "22.9068° S, 43.1729° W"),
        (Coordinate(latitude: 0, longitude: 0), "0.0000° N, 0.0000° E"),
        (Coordinate(latitude: -90, longitude: 180), "90.0000° S, 180.0000° E"),
    ])
    func coordinateFormat(coordinate: Coordinate, expected: String) throws {
        #expect(PlaceFormatting.coordinate(coordinate) == expected)
        let place = Place(id: "p", name: "P", category: .city, coordinate: coordinate)
        let model = PlacesModel(places: [place])
        let card = PlaceCardViewModel(places: model, profile: ProfileModel(), locale: Samples.locale)
        model.selectedItem = "p"
        #expect(card.state.latest??.coordinate == expected)
    }

    @Test("the distance from home reads like '9,890 km from Lyon'")
    func distanceText() {
        let (model, _, card) = makeCard()
        model.selectedItem = Samples.tokyo.id
        #expect(card.state.latest??.distance == "9,890 km from Lyon")
        model.selectedItem = Samples.paris.id
        #expect(card.state.latest??.distance == "391 km from Lyon")
        #expect(LocalizedNumbers(locale: Samples.locale).distance(kilometres: 1234.4, from: "Lyon") == "1,234 km from Lyon")
    }

    @Test("under 10 km the distance has one decimal")
    func shortDistances() {
        let (model, _, card) = makeCard()
        model.selectedItem = Self.villeurbanne.id
        #expect(card.state.latest??.distance == "4.3 km from Lyon")
        model.selectedItem = Samples.lyon.id
        #expect(card.state.latest??.distance == "0 km from Lyon")

        let numbers = LocalizedNumbers(locale: Samples.locale)
        #expect(numbers.distance(kilometres: 9.94) == "9.9 km")
        #expect(numbers.distance(kilometres: 0.04) == "0 km")
        #expect(numbers.distance(kilometres: 10.4) == "10 km")
        #expect(numbers.distance(kilometres: 12_345.6) == "12,346 km")
        #expect(LocalizedNumbers(locale: Locale(identifier: "de_DE")).distance(kilometres: 1234.4) == "1.234 km")
    }

    @Test("without a home city there is no distance")
    func noHomeNoDistance() {
        let (model, _, card) = makeCard(home: nil)
        model.selectedItem = Samples.tokyo.id
        #expect(card.state.latest??.title == "Tokyo")
        #expect(card.state.latest??.distance == nil)
    }

    @Test("the distance follows the home city")
    func distanceFollowsHome() {
        let (model, profile, card) = makeCard()
        model.selectedItem = Samples.paris.id
        profile.save(Profile(name: "Ada", homeCity: Samples.parisCity))
        #expect(card.state.latest??.distance == "0 km from Paris")
    }

    @Test("the card follows a change to the place it shows, and only to that place")
    func cardFollowsItsPlace() {
        let (model, _, card) = makeCard()
        model.selectedItem = Samples.paris.id
        let states = StateRecorder(card.state)
        var renamed = Samples.paris
        renamed.name = "Paris, France"
        var moved = Samples.tokyo
        moved.coordinate = Coordinate(latitude: 35.7, longitude: 139.7)

        model.add([renamed, Samples.lyon, moved, Samples.madrid, Samples.tomAndJerry, Self.villeurbanne, Self.volcano], from: .bundled)

        #expect(states.values.map { $0?.title } == ["Paris, France"])
    }

    @Test("removing the shown place empties the card")
    func removingShownPlace() {
        let (model, _, card) = makeCard()
        model.selectedItem = Self.volcano.id
        model.add(Samples.places + [Self.villeurbanne], from: .bundled)
        #expect(card.state.latest == .some(nil))
        #expect(model.selectedItem == nil)
    }

    @Test("the favourite toggle asks the coordinator to mark or unmark the shown place, and the card follows the model")
    func favouriteToggle() {
        let (model, _, card) = makeCard()
        let coordinator = SpyCoordinator()
        card.coordinator = coordinator
        card.send(.toggleFavourite)
        #expect(coordinator.requests.isEmpty)

        model.selectedItem = Samples.madrid.id
        card.send(.toggleFavourite)
        guard case .edit(.setFavourite(let id, true))? = coordinator.requests.last else {
            Issue.record("no favourite request: \(coordinator.requests)")
            return
        }
        #expect(id == Samples.madrid.id)
        #expect(card.state.latest??.isFavourite == false, "the card changes when the model does, not before")

        model.toggleFavourite(Samples.madrid.id)
        #expect(card.state.latest??.isFavourite == true)
        card.send(.toggleFavourite)
        guard case .edit(.setFavourite(_, false))? = coordinator.requests.last else {
            Issue.record("no unfavourite request: \(coordinator.requests)")
            return
        }
    }

    @Test("Edit, Delete, Copy and the link go to the coordinator for the shown place; only own places are editable")
    func editingRequests() {
        let (model, _, card) = makeCard()
        let coordinator = SpyCoordinator()
        card.coordinator = coordinator
        let mine = Place(id: "mine/1", name: "Café Sperl", category: .other(""), coordinate: Coordinate(latitude: 48.2, longitude: 16.36),
                         source: PlaceSource.mineID, notes: "Best Melange\nClosed Sundays", link: "https://example.org/sperl")
        model.put(mine)
        model.select(mine.id)
        #expect(card.state.latest??.isOwn == true)
        #expect(card.state.latest??.notes == "Best Melange\nClosed Sundays")
        card.send(.edit)
        card.send(.delete)
        card.send(.openLink)
        model.select(Samples.madrid.id)
        #expect(card.state.latest??.isOwn == false)
        card.send(.copyToMine)
        #expect(coordinator.requests.map { "\($0)" } == [
            "editPlace(\"mine/1\")", "edit(PlacesCore.PlaceEditRequest.delete(\"mine/1\"))", "openLink(\"https://example.org/sperl\")",
            "edit(PlacesCore.PlaceEditRequest.copyToMine(\"\(Samples.madrid.id)\"))",
        ])
    }

    @Test("closing the card clears the selection")
    func closeClears() {
        let (model, _, card) = makeCard()
        model.selectedItem = Samples.paris.id
        card.send(.close)
        #expect(model.selectedItem == nil)
        #expect(card.state.latest == .some(nil))
    }
}
