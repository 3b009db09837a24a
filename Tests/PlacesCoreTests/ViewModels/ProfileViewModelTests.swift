import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// The Profile tab: a draft validated inline, city suggestions, and saving into the shared model.
@MainActor
@Suite("Profile view-model")
final class ProfileViewModelTests {
    private let saves = SaveQueue()
    /// The keepers of the models made, held for the test's length (the models hold them weakly).
    private var keepers: [KeptProfile] = []

    private func makeForm(
        saved: Profile? = nil, cities: [City] = Samples.cities
    ) -> (ProfileModel, InMemoryProfileStore, ProfileViewModel) {
        let store = InMemoryProfileStore(saved)
        let kept = KeptProfile(store: store, saves: saves, profile: saved)
        keepers.append(kept)
        return (kept.model, store, ProfileViewModel(profile: kept.model, cities: CityDirectory(cities)))
    }

    @Test("choosing a city before typing a name says why Save is off")
    func cityFirstShowsNameError() throws {
        let (_, _, form) = makeForm()
        form.send(.cityTextChanged("Lyon, France"))
        let state = try #require(form.state.latest)
        #expect(state.cityError == nil)
        #expect(state.nameError == "Enter your name")
        #expect(state.canSave == false)
    }

    @Test("a fresh form shows no errors before anything is edited")
    func noErrorsBeforeEditing() throws {
        let (_, _, form) = makeForm()
        let state = try #require(form.state.latest)
        #expect(state.name == "")
        #expect(state.cityText == "")
        #expect(state.nameError == nil)
        #expect(state.cityError == nil)
        #expect(state.suggestions.isEmpty)
        #expect(state.canSave == false)
        #expect(state.confirmation == nil)
        #expect(state.confirmationIsError == false)
    }

    @Test("a blank name asks 'Enter your name' once edited")
    func blankName() throws {
        let (_, _, form) = makeForm()
        form.send(.nameChanged("   "))
        let state = try #require(form.state.latest)
        #expect(state.nameError == "Enter your name")
        #expect(state.canSave == false)
        #expect(state.name == "   ")
    }

    @Test("the name is trimmed before it is saved")
    func nameIsTrimmed() async {
        let (model, store, form) = makeForm()
        form.send(.nameChanged("  Ada Lovelace \n"))
        #expect(form.state.latest?.nameError == nil)
        #expect(form.state.latest?.canSave == true)

        form.send(.save)
        await saves.finished()

        #expect(model.name == "Ada Lovelace")
        #expect(store.saved?.name == "Ada Lovelace")
    }

    @Test("names of 1 to 80 characters are accepted, counted as characters once trimmed")
    func nameLengthLimits() {
        let (_, _, form) = makeForm()
        for accepted in ["A", String(repeating: "a", count: 80), "  " + String(repeating: "é", count: 80) + "  ",
                         String(repeating: "👩‍🚀", count: 80)] {
            form.send(.nameChanged(accepted))
            #expect(form.state.latest?.nameError == nil, "\(accepted.count) characters")
            #expect(form.state.latest?.canSave == true)
        }
    }

    @Test("a name longer than 80 characters says how long it is")
    func nameTooLong() {
        let (_, _, form) = makeForm()
        form.send(.nameChanged(String(repeating: "b", count: 81)))
        #expect(form.state.latest?.nameError == "Use at most 80 characters (this is 81)")
        #expect(form.state.latest?.canSave == false)
        form.send(.nameChanged(String(repeating: "ü", count: 120)))
        #expect(form.state.latest?.nameError == "Use at most 80 characters (this is 120)")
        // The name field stops at 1,000 characters: a longer paste is not counted as 1,000.
        form.send(.nameChanged(String(repeating: "x", count: ProfileViewModel.nameFieldLimit)))
        #expect(form.state.latest?.nameError == "Use at most 80 characters (this is 1000 or more)")
    }

    @Test("a typed city must be chosen from the suggestions")
    func cityMustBeChosen() async throws {
        let (model, store, form) = makeForm()
        form.send(.nameChanged("Ada"))
        form.send(.cityTextChanged("Lyo"))
        var state = try #require(form.state.latest)
        #expect(state.cityError == "Choose a city from the suggestions")
        #expect(state.canSave == false)
        #expect(state.suggestions == [Samples.lyonCity, Samples.lyonsCity])

        form.send(.save)
        #expect(store.saveCount == 0)

        form.send(.chooseSuggestion(0))
        state = try #require(form.state.latest)
        #expect(state.cityError == nil)
        #expect(state.cityText == "Lyon, France")
        #expect(state.suggestions.isEmpty)
        #expect(state.canSave == true)

        form.send(.save)
        await saves.finished()
        #expect(model.homeCity == Samples.lyonCity)
        #expect(store.saved == Profile(name: "Ada", homeCity: Samples.lyonCity))
    }

    @Test("typing a city's full name, in any case and without accents, picks it")
    func typedFullNamePicksCity() async throws {
        let (_, _, form) = makeForm()
        form.send(.nameChanged("Ada"))
        form.send(.cityTextChanged("zurich, switzerland"))
        let state = try #require(form.state.latest)
        #expect(state.cityError == nil)
        #expect(state.canSave == true)
        form.send(.save)
        #expect(form.state.latest?.confirmation == "Saving…")
        await saves.finished()
        #expect(form.state.latest?.confirmation == nil)
    }

    @Test("a bare name shared by several cities does not pick one of them")
    func ambiguousNameIsNotPicked() throws {
        let texas = City(name: "Paris", country: "United States",
                         coordinate: Coordinate(latitude: 33.66, longitude: -95.55), population: 25_000)
        let (_, _, form) = makeForm(cities: Samples.cities + [texas])
        form.send(.nameChanged("Ada"))
        form.send(.cityTextChanged("Paris"))
        var state = try #require(form.state.latest)
        #expect(state.cityError == "Choose a city from the suggestions")
        #expect(state.suggestions == [Samples.parisCity, texas])

        form.send(.cityTextChanged("Paris, United States"))
        state = try #require(form.state.latest)
        #expect(state.cityError == nil)

        form.send(.cityTextChanged("Tokyo"))
        #expect(form.state.latest?.cityError == nil)
    }

    @Test("a name no city has says so; Esc closes the suggestions until the next edit")
    func unknownCityAndClosing() throws {
        let (_, _, form) = makeForm()
        form.send(.cityTextChanged("Atlantis"))
        #expect(form.state.latest?.cityError == "No city called “Atlantis” is known")
        #expect(form.state.latest?.suggestions.isEmpty == true)
        form.send(.cityTextChanged("Ly"))
        #expect(form.state.latest?.suggestions.count == 2)
        form.send(.closeSuggestions)
        #expect(form.state.latest?.suggestions.isEmpty == true)
        #expect(form.state.latest?.cityError == "Choose a city from the suggestions")
        form.send(.cityTextChanged("Lyo"))
        #expect(form.state.latest?.suggestions.count == 2)
    }

    @Test("a city typed before the cities were read is picked once they are")
    func cityTypedBeforeCitiesArrive() throws {
        let (_, _, form) = makeForm(cities: [])
        form.send(.nameChanged("Ada"))
        form.send(.cityTextChanged("Lyon, France"))
        #expect(form.state.latest?.canSave == false)
        form.send(.cities(CityDirectory(Samples.cities)))
        #expect(form.state.latest?.cityError == nil)
        #expect(form.state.latest?.canSave == true)
    }

    @Test("clearing the city field removes the home city")
    func emptyCityIsAllowed() {
        let (model, _, form) = makeForm(saved: Profile(name: "Ada", homeCity: Samples.lyonCity))
        form.send(.cityTextChanged(""))
        #expect(form.state.latest?.cityError == nil)
        #expect(form.state.latest?.canSave == true)
        form.send(.save)
        #expect(model.homeCity == nil)
    }

    @Test("Save is enabled only when the form is valid and differs from the saved profile")
    func saveEnablement() {
        let (_, _, form) = makeForm(saved: Profile(name: "Ada", homeCity: Samples.lyonCity))
        #expect(form.state.latest?.name == "Ada")
        #expect(form.state.latest?.cityText == "Lyon, France")
        #expect(form.state.latest?.canSave == false)

        form.send(.nameChanged("Ada  "))
        #expect(form.state.latest?.canSave == false)
        form.send(.nameChanged("Ada L"))
        #expect(form.state.latest?.canSave == true)
        form.send(.nameChanged("Ada"))
        #expect(form.state.latest?.canSave == false)
        form.send(.cityTextChanged(Samples.parisCity.displayName))
        #expect(form.state.latest?.canSave == true)
        form.send(.nameChanged(""))
        #expect(form.state.latest?.canSave == false)
    }

    @Test("'Saving…' shows until the save is done, and saving again needs a change")
    func confirmationUntilNextEdit() async {
        let (_, store, form) = makeForm()
        form.send(.nameChanged("Grace"))
        form.send(.save)
        #expect(form.state.latest?.confirmation == "Saving…")
        await saves.finished()
        #expect(form.state.latest?.confirmation == nil)
        #expect(form.state.latest?.confirmationIsError == false)
        #expect(form.state.latest?.canSave == false)
        #expect(store.saveCount == 1)

        form.send(.save)
        #expect(store.saveCount == 1)

        form.send(.nameChanged("Grace H"))
        #expect(form.state.latest?.confirmation == nil)
    }

    @Test("a store failure shows the error, keeps the values, and Save can be tried again")
    func storeFailure() async throws {
        let (model, store, form) = makeForm()
        store.saveFailure = TestFailure(description: "the disk is full")
        form.send(.nameChanged("Ada"))
        form.send(.cityTextChanged(Samples.lyonCity.displayName))

        form.send(.save)
        await saves.finished()

        var state = try #require(form.state.latest)
        #expect(state.confirmation == "Could not save the profile: the disk is full")
        #expect(state.confirmationIsError == true)
        #expect(state.name == "Ada")
        #expect(state.cityText == "Lyon, France")
        #expect(state.nameError == nil)
        #expect(state.canSave == true)
        #expect(model.name == "Ada")
        #expect(store.saved == nil)

        store.saveFailure = nil
        form.send(.save)
        await saves.finished()
        state = try #require(form.state.latest)
        #expect(state.confirmation == nil, "the error is gone once a save succeeds")
        #expect(state.confirmationIsError == false)
        #expect(state.canSave == false)
        #expect(store.saved == Profile(name: "Ada", homeCity: Samples.lyonCity))
    }

    @Test("changes made elsewhere reach fields not being edited")
    func modelChangesReachForm() {
        let (model, _, form) = makeForm()
        model.save(Profile(name: "Grace", homeCity: Samples.tokyoCity))
        #expect(form.state.latest?.name == "Grace")
        #expect(form.state.latest?.cityText == "Tokyo, Japan")
        #expect(form.state.latest?.confirmation == nil, "the form did not save anything itself")

        form.send(.nameChanged("Ada"))
        model.save(Profile(name: "Hedy", homeCity: Samples.tokyoCity))
        #expect(form.state.latest?.name == "Ada")
    }

    @Test("cities arriving after launch feed the suggestions")
    func lateCities() {
        let (_, _, form) = makeForm(cities: [])
        form.send(.cityTextChanged("zu"))
        #expect(form.state.latest?.suggestions == [])
        form.send(.cities(CityDirectory(Samples.cities)))
        #expect(form.state.latest?.suggestions == [Samples.zurichCity, Samples.zugCity])
    }
}
