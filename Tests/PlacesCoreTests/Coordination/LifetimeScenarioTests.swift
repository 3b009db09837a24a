import Foundation
import Multicast
import PlacesCore
import PlacesTestingSupport
import Testing

/// Who keeps whom alive: the models hold their listeners weakly, and tearing down frees everything.
@MainActor
@Suite("Lifetimes of models and view-models")
struct LifetimeScenarioTests {
    @Test("a deallocated view-model or listener stops receiving, and nothing crashes")
    func deallocatedListenersStopReceiving() {
        let scenario = Scenario()
        let model = scenario.placesModel
        let listenersBefore = model.delegates.count
        let tally = Tally()
        weak var droppedList: PlacesListViewModel?
        weak var droppedSpy: SpyPlacesDelegate?
        do {
            let extraList = PlacesListViewModel(model: model, profile: scenario.profileModel, locale: Samples.locale)
            let spy = SpyPlacesDelegate(tally: tally)
            model.delegates += spy
            droppedList = extraList
            droppedSpy = spy
            #expect(model.delegates.count == listenersBefore + 2)
            model.select(Samples.paris.id)
            #expect(tally.count == 1)
            #expect(extraList.state.latest?.selectedRow != nil)
        }
        #expect(droppedList == nil)
        #expect(droppedSpy == nil)
        #expect(model.delegates.count == listenersBefore)

        model.select(Samples.tokyo.id)
        model.toggleFavourite(Samples.lyon.id)
        scenario.profileModel.save(Profile(name: "Ada", homeCity: Samples.lyonCity))

        #expect(tally.count == 1)
        #expect(scenario.card.state.latest??.title == "Tokyo")
    }

    @Test("after the coordinator is torn down, every model, view-model and the window are freed")
    func teardownFreesEverything() async throws {
        weak var placesModel: PlacesModel?
        weak var profileModel: ProfileModel?
        weak var store: InMemoryProfileStore?
        weak var coordinator: AppCoordinator?
        weak var map: MapViewModel?
        weak var list: PlacesListViewModel?
        weak var profile: ProfileViewModel?
        weak var card: PlaceCardViewModel?
        weak var shell: RecordingShell?
        do {
            let scenario = Scenario()
            // Exercise every path that could leave a cycle behind.
            let point = scenario.pointOfMarker(for: Samples.paris)
            scenario.map.send(.tapped(point))
            scenario.map.settle()
            scenario.shell.onShow = { [weak coordinator = scenario.coordinator] _ in coordinator?.handle(.show(.map)) }
            let listStates = StateRecorder(scenario.list.state)
            scenario.list.send(.activate(Samples.lyon.id))
            scenario.profile.send(.nameChanged("Ada"))
            scenario.profile.send(.cityTextChanged("Lyon, France"))
            scenario.profile.send(.save)
            scenario.card.send(.toggleFavourite)
            scenario.coordinator.handle(.perform(.closeCard))
            await scenario.saved()
            #expect(listStates.count > 0)

            placesModel = scenario.placesModel
            profileModel = scenario.profileModel
            store = scenario.store
            coordinator = scenario.coordinator
            map = scenario.map
            list = scenario.list
            profile = scenario.profile
            card = scenario.card
            shell = scenario.shell
        }
        #expect(coordinator == nil)
        #expect(placesModel == nil)
        #expect(profileModel == nil)
        #expect(store == nil)
        #expect(map == nil)
        #expect(list == nil)
        #expect(profile == nil)
        #expect(card == nil)
        #expect(shell == nil)
    }
}
