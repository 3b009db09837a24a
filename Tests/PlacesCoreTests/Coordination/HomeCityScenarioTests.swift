import Foundation
import PlacesCore
import Testing

/// The user's story of telling the app where they live.
@MainActor
@Suite("Changing the home city")
struct HomeCityScenarioTests {
    /// Types a name, picks Lyon from the suggestions for "ly" and saves, as a person would in the Profile tab.
    private func chooseLyon(in scenario: Scenario) throws {
        scenario.profile.send(.nameChanged("Ada"))
        scenario.profile.send(.cityTextChanged("ly"))
        let suggestions = try #require(scenario.profile.state.latest?.suggestions)
        #expect(suggestions.map(\.name) == ["Lyon", "Lyons"])
        scenario.profile.send(.chooseSuggestion(0))
        #expect(scenario.profile.state.latest?.canSave == true)
        scenario.profile.send(.save)
    }

    @Test("saving a home city re-sorts the list nearest first and shows distances")
    func listIsSortedByDistance() throws {
        let scenario = Scenario()
        let before = try #require(scenario.list.state.latest)
        #expect(before.section("Capitals") == [Samples.madrid.id, Samples.paris.id, Samples.tokyo.id])
        #expect(before.rows.all.allSatisfy { if case .place(let row) = $0 { row.distance == nil } else { true } })

        try chooseLyon(in: scenario)

        #expect(scenario.profileModel.homeCity == Samples.lyonCity)
        let after = try #require(scenario.list.state.latest)
        #expect(after.section("Capitals") == [Samples.paris.id, Samples.madrid.id, Samples.tokyo.id])
        let distances = after.section("Capitals").compactMap { id in after.placeRow(at: after.rowIndex(of: id))?.distance }
        #expect(distances == ["391 km", "913 km", "9,890 km"])
        #expect(after.placeRow(at: after.rowIndex(of: Samples.lyon.id))?.distance == "0 km")
    }

    @Test("saving a home city updates the distance on the open card")
    func cardDistanceFollowsHomeCity() throws {
        let scenario = Scenario()
        scenario.placesModel.select(Samples.tokyo.id)
        #expect(scenario.card.state.latest??.distance == nil)

        try chooseLyon(in: scenario)

        #expect(scenario.card.state.latest??.distance == "9,890 km from Lyon")
        #expect(scenario.card.state.latest??.title == "Tokyo")
    }

    @Test("moving home from Lyon to Tokyo publishes the card once, already measured from Tokyo")
    func cardNeverShowsAMixedDistance() throws {
        let scenario = Scenario(profile: Profile(name: "Ada", homeCity: Samples.lyonCity))
        scenario.placesModel.select(Samples.paris.id)
        #expect(scenario.card.state.latest??.distance == "391 km from Lyon")
        let cards = StateRecorder(scenario.card.state)
        let lists = StateRecorder(scenario.list.state)

        scenario.profile.send(.cityTextChanged("Tokyo, Japan"))
        scenario.profile.send(.save)

        #expect(cards.values.map { $0?.distance } == ["9,715 km from Tokyo"])
        #expect(lists.count == 1)
    }

    @Test("a successful save says 'Profile saved' and stores the profile")
    func saveConfirms() async throws {
        let scenario = Scenario()
        try chooseLyon(in: scenario)
        #expect(scenario.profile.state.latest?.confirmation == "Saving…")
        await scenario.saved()

        let form = try #require(scenario.profile.state.latest)
        #expect(form.confirmation == nil)
        #expect(scenario.shell.notices == ["Profile saved"])
        #expect(form.canSave == false)
        #expect(scenario.store.saved == Profile(name: "Ada", homeCity: Samples.lyonCity))
        #expect(scenario.store.saveCount == 1)
        #expect(scenario.shell.errors.isEmpty)
    }

    @Test("a home city saved earlier is in place from the start")
    func savedHomeCityAtLaunch() throws {
        let scenario = Scenario(profile: Profile(name: "Ada", homeCity: Samples.lyonCity))
        let list = try #require(scenario.list.state.latest)
        #expect(list.section("Capitals") == [Samples.paris.id, Samples.madrid.id, Samples.tokyo.id])
        #expect(scenario.profile.state.latest?.cityText == "Lyon, France")
    }

    @Test("moving home to another city moves every distance")
    func movingHome() throws {
        let scenario = Scenario(profile: Profile(name: "Ada", homeCity: Samples.lyonCity))
        scenario.placesModel.select(Samples.paris.id)

        scenario.profile.send(.cityTextChanged("Tokyo, Japan"))
        scenario.profile.send(.save)

        #expect(scenario.profileModel.homeCity == Samples.tokyoCity)
        #expect(scenario.card.state.latest??.distance?.hasSuffix(" km from Tokyo") == true)
        let list = try #require(scenario.list.state.latest)
        #expect(list.section("Capitals") == [Samples.tokyo.id, Samples.paris.id, Samples.madrid.id])
    }
}
