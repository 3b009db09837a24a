import PlacesCore
import Testing

/// Output asked for while the window is busy with earlier output is queued: never lost, never re-entered.
@MainActor
@Suite("Navigation requests during navigation")
struct NavigationQueueTests {
    @Test("a tab requested from inside show(_:) is shown after it, not inside it")
    func requestInsideShowIsQueued() {
        let scenario = Scenario(start: false)
        var requested = false
        scenario.shell.onShow = { [weak coordinator = scenario.coordinator] screen in
            guard !requested, screen.tab == .map else { return }
            requested = true
            coordinator?.handle(.show(.places))
            coordinator?.handle(.show(.profile))
        }

        scenario.coordinator.start(in: scenario.shell)

        #expect(scenario.shell.calls == [.show(.map()), .show(.profile())])
        #expect(scenario.shell.maximumDepth == 1)
        #expect(scenario.shell.tab == .profile)
    }

    @Test("requests made while the card is being shown run in order after it")
    func requestsInsideRevealAreQueued() throws {
        let scenario = Scenario()
        scenario.coordinator.handle(.show(.places))
        scenario.shell.onShow = { [weak coordinator = scenario.coordinator] screen in
            guard screen.showsCard, screen.tab == .places else { return }
            coordinator?.handle(.tell(.error("while revealing")))
        }
        scenario.shell.clear()

        scenario.list.send(.activate(Samples.paris.id))

        #expect(scenario.shell.calls == [.show(.places(card: true)), .error("while revealing"), .show(.map(card: true))])
        #expect(scenario.shell.maximumDepth == 1)
        #expect(scenario.shell.tab == .map)
    }

    @Test("a selection changed from inside the window's callback is queued behind the current call")
    func selectionInsideCallbackIsQueued() {
        let scenario = Scenario()
        var cleared = false
        scenario.shell.onShow = { [weak model = scenario.placesModel] screen in
            guard !cleared, screen.showsCard else { return }
            cleared = true
            model?.select(nil)
        }
        scenario.shell.clear()

        scenario.placesModel.select(Samples.paris.id)

        #expect(scenario.shell.calls == [.show(.map(card: true)), .show(.map(card: false))])
        #expect(scenario.shell.maximumDepth == 1)
        #expect(scenario.card.state.latest == .some(nil))
    }

    @Test("many requests from inside callbacks all arrive, each exactly once, in order")
    func chainedRequests() {
        let scenario = Scenario(start: false)
        let tabs: [Tab] = [.places, .profile, .map, .profile, .places]
        var next = 0
        scenario.shell.onShow = { [weak coordinator = scenario.coordinator] _ in
            guard next < tabs.count else { return }
            let tab = tabs[next]
            next += 1
            coordinator?.handle(.show(tab))
        }

        scenario.coordinator.start(in: scenario.shell)

        #expect(scenario.shell.screens.map(\.tab) == [.map] + tabs)
        #expect(scenario.shell.maximumDepth == 1)
    }

    @Test("errors reported before the window exists are shown once it is attached, in order")
    func errorsBeforeStartAreKept() {
        let scenario = Scenario(start: false)
        scenario.coordinator.handle(.tell(.error("first")))
        scenario.coordinator.handle(.tell(.error("second")))
        #expect(scenario.shell.calls.isEmpty)

        scenario.coordinator.start(in: scenario.shell)

        #expect(scenario.shell.errors == ["first", "second"])
    }
}
