import Foundation
import Multicast
import PlacesCore
import PlacesTestingSupport
import Testing

/// The user's story of choosing a place: on the map, in the list, and letting it go again.
@MainActor
@Suite("Selecting and deselecting a place")
struct SelectionScenarioTests {
    @Test("a tap at a marker's screen point selects its place, and every tab hears it once")
    func tapOnMarkerSelects() throws {
        let scenario = Scenario()
        let point = scenario.pointOfMarker(for: Samples.paris)
        let hit = try #require(scenario.map.hit(at: point))
        guard case .place(let slot, _) = hit else {
            Issue.record("expected Paris to have a marker of its own, found \(hit)")
            return
        }
        #expect(scenario.placesModel.places[slot]?.id == Samples.paris.id)

        let firstSpy = SpyPlacesDelegate(model: scenario.placesModel)
        let secondSpy = SpyPlacesDelegate(model: scenario.placesModel)
        scenario.placesModel.delegates += firstSpy
        scenario.placesModel.delegates += secondSpy
        let mapStates = StateRecorder(scenario.map.state)
        let listStates = StateRecorder(scenario.list.state)
        let cardStates = StateRecorder(scenario.card.state)
        let profileStates = StateRecorder(scenario.profile.state)
        scenario.shell.clear()

        scenario.map.send(.tapped(point))

        #expect(scenario.placesModel.selectedItem == Samples.paris.id)
        #expect(firstSpy.selections == [Samples.paris.id])
        #expect(secondSpy.selections == [Samples.paris.id])
        #expect(mapStates.count == 1)
        #expect(listStates.count == 1)
        #expect(cardStates.count == 1)
        #expect(profileStates.count == 0)
        #expect(mapStates.last?.selectedID == Samples.paris.id)

        let list = try #require(listStates.last)
        #expect(list.placeRow(at: list.selectedRow)?.id == Samples.paris.id)
        #expect(list.placeRow(at: list.selectedRow)?.name == "Paris")

        let card = try #require(cardStates.last.flatMap { $0 })
        #expect(card.title == "Paris")
        #expect(card.category == "Capital")
        #expect(card.coordinate == "48.8566° N, 2.3522° E")
        #expect(card.summary == "Capital of France")

        #expect(scenario.shell.calls == [.show(.map(card: true))])
    }

    @Test("a tap on empty map, in the middle of an ocean, hides the card")
    func tapOnEmptyMapHides() throws {
        let scenario = Scenario()
        let point = scenario.pointOfMarker(for: Samples.paris)
        scenario.map.send(.tapped(point))
        scenario.map.settle()
        scenario.map.zoom(by: 3 - scenario.map.camera.zoom)
        let atlantic = scenario.map.camera.screenPoint(for: Coordinate(latitude: 30, longitude: -40))
        try #require((0...Scenario.viewport.width).contains(atlantic.x) && (0...Scenario.viewport.height).contains(atlantic.y))
        #expect(scenario.map.hit(at: atlantic) == nil)
        scenario.shell.clear()

        scenario.map.send(.tapped(atlantic))

        #expect(scenario.placesModel.selectedItem == nil)
        #expect(scenario.shell.calls == [.show(.map())])
        #expect(scenario.card.state.latest == .some(nil))
        #expect(scenario.list.state.latest?.selectedRow == nil)
        #expect(scenario.map.state.latest?.selectedID == nil)
    }

    @Test("a press that turns into a drag does not count as a tap")
    func dragIsNotATap() {
        let scenario = Scenario()
        let point = scenario.pointOfMarker(for: Samples.paris)

        scenario.map.send(.pressed)
        scenario.map.send(.dragBegan(at: ScreenPoint(x: 1, y: 1)))
        scenario.map.send(.dragged(dx: 40, dy: 0))
        scenario.map.send(.dragEnded)
        scenario.map.send(.tapped(point))

        #expect(scenario.placesModel.selectedItem == nil)
    }

    @Test("Esc hides the card; with nothing selected it changes nothing")
    func escapeClearsSelection() {
        let scenario = Scenario()
        scenario.placesModel.select(Samples.tokyo.id)
        scenario.shell.clear()

        scenario.coordinator.handle(.perform(.closeCard))
        #expect(scenario.placesModel.selectedItem == nil)
        #expect(scenario.shell.calls == [.show(.map())])

        scenario.coordinator.handle(.perform(.closeCard))
        #expect(scenario.shell.calls == [.show(.map())])
    }

    @Test("the card's close button hides the card")
    func closeButtonHides() {
        let scenario = Scenario()
        scenario.placesModel.select(Samples.madrid.id)
        scenario.shell.clear()

        scenario.card.send(.close)

        #expect(scenario.placesModel.selectedItem == nil)
        #expect(scenario.shell.calls == [.show(.map())])
        #expect(scenario.card.state.latest == .some(nil))
    }

    @Test("activating a list row selects its place, then shows the Map tab")
    func listActivationSelectsAndShowsMap() throws {
        let scenario = Scenario()
        scenario.coordinator.handle(.show(.places))
        #expect(scenario.shell.tab == .places)
        scenario.shell.clear()

        scenario.list.send(.activate(Samples.tokyo.id))

        #expect(scenario.placesModel.selectedItem == Samples.tokyo.id)
        #expect(scenario.shell.calls == [.show(.places(card: true)), .show(.map(card: true))])
        #expect(scenario.shell.tab == .map)
        let list = try #require(scenario.list.state.latest)
        #expect(list.placeRow(at: list.selectedRow)?.id == Samples.tokyo.id)
    }

    @Test("activating a place that is not in the model selects nothing")
    func unknownActivationSelectsNothing() {
        let scenario = Scenario()
        scenario.shell.clear()

        scenario.list.send(.activate("nowhere"))

        #expect(scenario.placesModel.selectedItem == nil)
        #expect(!scenario.shell.isShowingCard)
    }

    @Test("starting shows the Map tab, and the card when something is already selected")
    func startShowsCurrentState() {
        let scenario = Scenario(start: false)
        scenario.placesModel.select(Samples.lyon.id)
        #expect(scenario.shell.calls.isEmpty)

        scenario.coordinator.start(in: scenario.shell)

        #expect(scenario.shell.calls == [.show(.map(card: true))])
    }

    @Test("asking for the tab already shown does not ask the window again")
    func sameTabIsNotShownTwice() {
        let scenario = Scenario()
        scenario.coordinator.handle(.show(.map))
        scenario.coordinator.handle(.show(.profile))
        scenario.coordinator.handle(.show(.profile))
        scenario.coordinator.handle(.tabShown(.places))
        scenario.coordinator.handle(.show(.places))

        #expect(scenario.shell.calls == [.show(.map()), .show(.profile())])
        #expect(scenario.coordinator.screen.tab == .places, "the notebook shows the tab the person switched to")
    }

    @Test("the card and the window follow the selection whatever order the subscribers subscribed in")
    func subscriptionOrderDoesNotMatter() throws {
        var outcomes: [[String]] = []
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]] {
            let places = PlacesModel(places: Samples.places, sources: [.bundled])
            let profile = ProfileModel(profile: Profile(name: "Ada", homeCity: Samples.lyonCity))
            var made: PlacesApp?
            var viewModels: [AnyObject] = []
            let makers: [() -> Void] = [
                { made = PlacesApp.inMemory(places: places, profile: profile, locale: Samples.locale) },
                { viewModels.append(PlaceCardViewModel(places: places, profile: profile, locale: Samples.locale)) },
                { viewModels.append(PlacesListViewModel(model: places, profile: profile, locale: Samples.locale)) },
                { viewModels.append(MapViewModel(model: places)) },
            ]
            for index in order { makers[index]() }
            let shell = RecordingShell()
            let app = try #require(made)
            app.coordinator.start(in: shell)
            let card = try #require(viewModels.compactMap { $0 as? PlaceCardViewModel }.first)
            var log: [String] = []
            func note(_ step: String) {
                let shown = card.state.latest.flatMap { $0 }
                log.append("\(step): card \(shell.isShowingCard ? "up" : "down") showing \(shown?.title ?? "nothing") \(shown?.distance ?? "")")
            }

            places.select(Samples.paris.id)
            note("Paris selected")
            places.select(Samples.tokyo.id)
            note("Tokyo selected")
            profile.save(Profile(name: "Ada", homeCity: Samples.tokyoCity))
            note("home moved")
            places.select(nil)
            note("selection cleared")
            outcomes.append(log)
        }
        #expect(Set(outcomes.map { $0.joined(separator: "|") }).count == 1, "\(outcomes)")
        #expect(outcomes.first == [
            "Paris selected: card up showing Paris 391 km from Lyon", "Tokyo selected: card up showing Tokyo 9,890 km from Lyon",
            "home moved: card up showing Tokyo 9.2 km from Tokyo", "selection cleared: card down showing nothing ",
        ])
    }

    @Test("the card shows a name with markup characters as plain text")
    func markupNameIsPlainText() throws {
        let scenario = Scenario()
        let point = scenario.pointOfMarker(for: Samples.tomAndJerry)

        scenario.map.send(.tapped(point))

        let card = try #require(scenario.card.state.latest.flatMap { $0 })
        #expect(card.title == "<b>Tom & Jerry's</b>")
        #expect(card.summary == "A \"cartoon\" studio & <i>shop</i>")
        #expect(card.coordinate == "34.0522° N, 118.2437° W")
        #expect(scenario.shell.isShowingCard)
    }
}
