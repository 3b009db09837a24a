import Foundation
import Multicast
import PlacesCore
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
        guard case .place(let index, _) = hit else {
            Issue.record("expected Paris to have a marker of its own, found \(hit)")
            return
        }
        #expect(scenario.placesModel.places[index].id == Samples.paris.id)

        let firstSpy = SpyPlacesDelegate()
        let secondSpy = SpyPlacesDelegate()
        scenario.placesModel.delegates += firstSpy
        scenario.placesModel.delegates += secondSpy
        let mapStates = StateRecorder(scenario.map.state)
        let listStates = StateRecorder(scenario.list.state)
        let cardStates = StateRecorder(scenario.card.state)
        let profileStates = StateRecorder(scenario.profile.state)
        scenario.shell.clear()

        scenario.map.tappedOn(point: point)

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

        #expect(scenario.shell.calls == [.reveal(Samples.paris.id)])
        #expect(scenario.shell.revealCount == 1)
    }

    @Test("a tap on empty map, in the middle of an ocean, hides the card")
    func tapOnEmptyMapHides() throws {
        let scenario = Scenario()
        let point = scenario.pointOfMarker(for: Samples.paris)
        scenario.map.tappedOn(point: point)
        scenario.map.settle()
        scenario.map.zoom(by: 3 - scenario.map.camera.zoom)
        let atlantic = scenario.map.camera.screenPoint(for: Coordinate(latitude: 30, longitude: -40))
        try #require((0...Scenario.viewport.width).contains(atlantic.x) && (0...Scenario.viewport.height).contains(atlantic.y))
        #expect(scenario.map.hit(at: atlantic) == nil)
        scenario.shell.clear()

        scenario.map.tappedOn(point: atlantic)

        #expect(scenario.placesModel.selectedItem == nil)
        #expect(scenario.shell.calls == [.hide])
        #expect(scenario.card.state.latest == .some(nil))
        #expect(scenario.list.state.latest?.selectedRow == nil)
        #expect(scenario.map.state.latest?.selectedID == nil)
    }

    @Test("Esc hides the card and says so; with nothing selected it does nothing and says so")
    func escapeClearsSelection() {
        let scenario = Scenario()
        scenario.map.tappedOn(placeId: Samples.tokyo.id)
        scenario.shell.clear()

        #expect(scenario.coordinator.cancel() == true)
        #expect(scenario.placesModel.selectedItem == nil)
        #expect(scenario.shell.calls == [.hide])

        #expect(scenario.coordinator.cancel() == false)
        #expect(scenario.shell.calls == [.hide])
    }

    @Test("the card's close button hides the card")
    func closeButtonHides() {
        let scenario = Scenario()
        scenario.map.tappedOn(placeId: Samples.madrid.id)
        scenario.shell.clear()

        scenario.card.close()

        #expect(scenario.placesModel.selectedItem == nil)
        #expect(scenario.shell.calls == [.hide])
        #expect(scenario.card.state.latest == .some(nil))
    }

    @Test("activating a list row selects its place, then shows the Map tab")
    func listActivationSelectsAndShowsMap() throws {
        let scenario = Scenario()
        scenario.coordinator.show(tab: .places)
        #expect(scenario.coordinator.currentTab == .places)
        scenario.shell.clear()
        let list = try #require(scenario.list.state.latest)
        let row = try #require(list.rowIndex(of: Samples.tokyo.id))

        scenario.list.activate(row: row)

        #expect(scenario.placesModel.selectedItem == Samples.tokyo.id)
        #expect(scenario.shell.calls == [.reveal(Samples.tokyo.id), .show(.map)])
        #expect(scenario.coordinator.currentTab == .map)
        #expect(scenario.list.state.latest?.selectedRow == row)
    }

    @Test("activating a section header does nothing")
    func headerActivationDoesNothing() {
        let scenario = Scenario()
        scenario.coordinator.show(tab: .places)
        scenario.shell.clear()

        scenario.list.activate(row: 0)
        scenario.list.activate(row: 10_000)
        scenario.list.activate(row: -1)

        #expect(scenario.placesModel.selectedItem == nil)
        #expect(scenario.shell.calls.isEmpty)
    }

    @Test("starting shows the Map tab, and the card when something is already selected")
    func startShowsCurrentState() {
        let scenario = Scenario(start: false)
        scenario.placesModel.selectedItem = Samples.lyon.id
        #expect(scenario.shell.calls.isEmpty)

        scenario.coordinator.start(in: scenario.shell)

        #expect(scenario.shell.calls == [.show(.map), .reveal(Samples.lyon.id)])
    }

    @Test("asking for the tab already shown does not ask the window again")
    func sameTabIsNotShownTwice() {
        let scenario = Scenario()
        scenario.coordinator.show(tab: .map)
        scenario.coordinator.show(tab: .profile)
        scenario.coordinator.show(tab: .profile)
        scenario.coordinator.tabDidChange(to: .places)
        scenario.coordinator.show(tab: .places)

        #expect(scenario.shell.calls == [.show(.map), .show(.profile)])
        #expect(scenario.coordinator.currentTab == .places)
    }

    @Test("the card shows a name with markup characters as plain text")
    func markupNameIsPlainText() throws {
        let scenario = Scenario()
        let point = scenario.pointOfMarker(for: Samples.tomAndJerry)

        scenario.map.tappedOn(point: point)

        let card = try #require(scenario.card.state.latest.flatMap { $0 })
        #expect(card.title == "<b>Tom & Jerry's</b>")
        #expect(card.summary == "A \"cartoon\" studio & <i>shop</i>")
        #expect(card.coordinate == "34.0522° N, 118.2437° W")
        #expect(scenario.shell.calls.last == .reveal(Samples.tomAndJerry.id))
    }
}
