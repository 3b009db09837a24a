import PlacesCore
import Testing

/// Ctrl+S: the save action saves what is being edited, wherever the focus is in it.
@MainActor
@Suite("The save action")
struct SaveActionTests {
    @Test("on the Profile tab it saves the profile typed so far; on another tab it leaves it unsaved")
    func profile() {
        let scenario = Scenario()
        scenario.profile.send(.nameChanged("Ada"))
        scenario.coordinator.handle(.perform(.save))
        #expect(scenario.profileModel.name.isEmpty, "saved from the Map tab, where the form is not shown")

        scenario.coordinator.handle(.show(.profile))
        scenario.coordinator.handle(.perform(.save))
        #expect(scenario.profileModel.name == "Ada")
    }

    @Test("with the place editor up it saves the place, whatever tab is shown behind it")
    func placeEditor() throws {
        let scenario = Scenario()
        scenario.coordinator.handle(.newPlace(at: nil))
        let editor = try #require(scenario.editing)
        editor.send(.name("Café Sperl"))
        scenario.coordinator.handle(.perform(.save))
        #expect(scenario.editing == nil)
        #expect(scenario.placesModel.places.place(withID: editor.draft.place.id)?.name == "Café Sperl")
    }
}
