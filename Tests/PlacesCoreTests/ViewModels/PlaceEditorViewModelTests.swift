import PlacesCore
import PlacesTestingSupport
import Testing

@MainActor
@Suite("Place editor view-model")
struct PlaceEditorViewModelTests {
    private static let blank = Place(id: "mine/new", name: "", category: .other(""), coordinate: Coordinate(latitude: 48.2, longitude: 16.37),
                                     source: PlaceSource.mineID)

    private func editor(_ place: Place = blank, isNew: Bool = true, clock: ManualClock = ManualClock()) -> (PlaceEditorViewModel, SpyCoordinator) {
        let viewModel = PlaceEditorViewModel(draft: PlaceDraft(place: place, isNew: isNew), clock: AppClock(clock))
        let coordinator = SpyCoordinator()
        viewModel.coordinator = coordinator
        return (viewModel, coordinator)
    }

    @Test("a new place starts at the given position with no name; Save waits for one, and Enter then saves it once")
    func newPlace() throws {
        let (viewModel, coordinator) = editor()
        let start = try #require(viewModel.state.latest)
        #expect(start.title == "New Place")
        #expect(start.coordinates == "48.20000, 16.37000")
        #expect(start.kinds.last == "Other", "as the legend says")
        #expect(!start.canSave)
        viewModel.send(.save)
        #expect(coordinator.requests.isEmpty)

        viewModel.send(.name("   "))
        #expect(viewModel.state.latest?.nameProblem == "Give the place a name.")
        viewModel.send(.name("<b>&amp; Café"))
        viewModel.send(.kind(4))
        viewModel.send(.notes("Line one\nLine two"))
        viewModel.send(.save)
        viewModel.send(.save)
        guard coordinator.requests.count == 1, case .finishEditing(let saved?) = coordinator.requests[0] else {
            Issue.record("expected one save: \(coordinator.requests)")
            return
        }
        #expect(saved.name == "<b>&amp; Café", "any text, kept literally")
        #expect(saved.category == .landmark)
        #expect(saved.notes == "Line one\nLine two")
        #expect(saved.id == Self.blank.id)
    }

    @Test("coordinates are validated as typed; a valid position moves the place, an invalid one blocks Save with its reason")
    func coordinates() throws {
        let (viewModel, coordinator) = editor()
        viewModel.send(.name("Sperl"))
        viewModel.send(.coordinates("48°11′52″N 16°21′42″E"))
        #expect(viewModel.state.latest?.coordinatesProblem == nil)
        viewModel.send(.coordinates("95, 10"))
        #expect(viewModel.state.latest?.coordinatesProblem == "The latitude must be between 90° S and 90° N.")
        #expect(viewModel.state.latest?.canSave == false)
        viewModel.send(.coordinates("48.1978, 16.3617"))
        viewModel.send(.save)
        guard case .finishEditing(let saved?)? = coordinator.requests.last else {
            Issue.record("not saved")
            return
        }
        #expect(saved.coordinate == Coordinate(latitude: 48.1978, longitude: 16.3617))
    }

    @Test("the draft moved elsewhere (its marker dragged) rewrites the position field")
    func moved() {
        let (viewModel, _) = editor()
        viewModel.draft.move(to: Coordinate(latitude: -33.85678, longitude: 151.2153))
        #expect(viewModel.state.latest?.coordinates == "-33.85678, 151.21530")
        #expect(viewModel.state.latest?.position == Coordinate(latitude: -33.85678, longitude: 151.2153))
    }

    @Test("a position typed in degrees and minutes stays as typed once the draft has moved there")
    func typedPositionStays() async {
        let clock = ManualClock()
        let (viewModel, _) = editor(clock: clock)
        viewModel.send(.coordinates("48°11′52″N 16°21′42″E"))
        clock.advance(by: PlaceEditorViewModel.typingPause)
        await waitUntil { viewModel.draft.place.coordinate.latitude > 48.19 }
        #expect(viewModel.state.latest?.coordinates == "48°11′52″N 16°21′42″E")
        #expect(viewModel.draft.place.coordinate.latitude > 48.19)
    }

    @Test("the draft moves to a typed position once the typing pauses, never to a half-typed one; Save takes what is typed")
    func positionAppliedAfterAPause() async throws {
        let clock = ManualClock()
        let (viewModel, coordinator) = editor(clock: clock)
        let start = viewModel.draft.place.coordinate
        let typed = "45°45′30″N 4°50′E"
        for end in typed.indices.dropFirst() + [typed.endIndex] {
            viewModel.send(.coordinates(String(typed[..<end])))
            clock.advance(by: .milliseconds(100))
        }
        await Task.yield()
        #expect(viewModel.draft.place.coordinate == start, "the draft moved while the position was typed")
        clock.advance(by: PlaceEditorViewModel.typingPause)
        await waitUntil { viewModel.draft.place.coordinate != start }
        #expect(viewModel.draft.place.coordinate.distance(to: Coordinate(latitude: 45.758333, longitude: 4.833333)) < 10)

        viewModel.send(.name("Picnic"))
        viewModel.send(.coordinates("45.78, 4.95"))
        viewModel.send(.save)
        guard case .finishEditing(let saved?)? = coordinator.requests.last else {
            Issue.record("not saved")
            return
        }
        #expect(saved.coordinate == Coordinate(latitude: 45.78, longitude: 4.95), "Save did not take the position typed just before")
    }

    @Test("a link must be a web address; an edit needs a change before it can be saved; Cancel hands back nothing")
    func linkAndEdit() {
        let place = Place(id: "mine/1", name: "Sperl", category: .other("Cafe"), coordinate: Coordinate(latitude: 48.2, longitude: 16.36),
                          source: PlaceSource.mineID)
        let (viewModel, coordinator) = editor(place, isNew: false)
        #expect(viewModel.state.latest?.title == "Edit Place")
        #expect(viewModel.state.latest?.kinds.contains("Cafe") == true, "a kind from a file stays choosable")
        #expect(viewModel.state.latest?.canSave == false)
        viewModel.send(.link("javascript:alert(1)"))
        #expect(viewModel.state.latest?.linkProblem != nil)
        viewModel.send(.link("https://www.cafesperl.at"))
        #expect(viewModel.state.latest?.canSave == true)
        viewModel.send(.cancel)
        viewModel.send(.save)
        guard coordinator.requests.count == 1, case .finishEditing(nil) = coordinator.requests[0] else {
            Issue.record("expected one cancel: \(coordinator.requests)")
            return
        }
    }
}
