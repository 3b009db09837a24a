import PlacesCore
import Testing

/// Navigation asked for while the window is busy with another request is queued: never lost, never re-entered.
@MainActor
@Suite("Navigation requests during navigation")
struct NavigationQueueTests {
    @Test("a tab requested from inside show(tab:) is shown after it, not inside it")
    func requestInsideShowIsQueued() {
        let scenario = Scenario(start: false)
        var requested = false
        scenario.shell.onShow = { [weak coordinator = scenario.coordinator] tab in
            guard !requested, tab == .map else { return }
            requested = true
            coordinator?.show(tab: .places)
            coordinator?.show(tab: .profile)
        }

        scenario.coordinator.start(in: scenario.shell)

        #expect(scenario.shell.calls == [.show(.map), .show(.places), .show(.profile)])
        #expect(scenario.shell.maximumDepth == 1)
        #expect(scenario.coordinator.currentTab == .profile)
    }

    @Test("requests made while revealing the card run in order after it")
    func requestsInsideRevealAreQueued() throws {
        let scenario = Scenario()
        scenario.coordinator.show(tab: .places)
        scenario.shell.onReveal = { [weak coordinator = scenario.coordinator] _ in
            coordinator?.show(tab: .profile)
            coordinator?.report(error: "while revealing")
        }
        scenario.shell.clear()
        let row = try #require(scenario.list.state.latest?.rowIndex(of: Samples.paris.id))

        scenario.list.activate(row: row)

        #expect(scenario.shell.calls == [
            .reveal(Samples.paris.id), .show(.profile), .error("while revealing"), .show(.map),
        ])
        #expect(scenario.shell.maximumDepth == 1)
        #expect(scenario.coordinator.currentTab == .map)
    }

    @Test("a selection changed from inside the window's callback is queued behind the current call")
    func selectionInsideCallbackIsQueued() {
        let scenario = Scenario()
        var redirected = false
        scenario.shell.onReveal = { [weak model = scenario.placesModel] place in
            guard !redirected, place.id == Samples.paris.id else { return }
            redirected = true
            model?.selectedItem = Samples.tokyo.id
        }
        scenario.shell.clear()

        scenario.map.tappedOn(placeId: Samples.paris.id)

        #expect(scenario.shell.calls == [.reveal(Samples.paris.id), .reveal(Samples.tokyo.id)])
        #expect(scenario.shell.maximumDepth == 1)
        #expect(scenario.card.state.latest??.title == "Tokyo")
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
            coordinator?.show(tab: tab)
        }

        scenario.coordinator.start(in: scenario.shell)

        #expect(scenario.shell.calls == ([.map] + tabs).map { RecordingShell.Call.show($0) })
        #expect(scenario.shell.maximumDepth == 1)
    }

    @Test("errors reported before the window exists are shown once it is attached, in order")
    func errorsBeforeStartAreKept() {
        let scenario = Scenario(start: false)
        scenario.coordinator.report(error: "first")
        scenario.coordinator.report(error: "second")
        #expect(scenario.shell.calls.isEmpty)

        scenario.coordinator.start(in: scenario.shell)

        #expect(scenario.shell.calls.filter { if case .error = $0 { true } else { false } } == [.error("first"), .error("second")])
    }
}
