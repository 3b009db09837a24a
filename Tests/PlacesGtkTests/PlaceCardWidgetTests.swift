import CGtk
import PlacesCore
@testable import PlacesGtk
import Testing

extension GUITests {
    @Suite("Place card widgets")
    @MainActor
    struct PlaceCardWidgetTests {
        @Test("the card's labels show a name with markup characters as plain text")
        func cardShowsMarkupLiterally() {
            let name = "<b>Tom & Jerry's</b>"
            let place = Place(id: "tom", name: name, category: .other("cafe"),
                              coordinate: Coordinate(latitude: 51.5, longitude: -0.12), summary: "<i>not italic</i>")
            let places = PlacesModel(places: [place], sources: [.bundled])
            let profile = ProfileModel()
            let viewModel = PlaceCardViewModel(places: places, profile: profile)
            let card = PlaceCard(viewModel: viewModel)
            places.select("tom")
            #expect(card.title.text == name)
            #expect(!card.title.usesMarkup)
            #expect(card.summary.text == "<i>not italic</i>")
        }

        @Test("Copy to My Places adds the place: its icon is not the clipboard's")
        func copyIcon() {
            let card = PlaceCard(viewModel: PlaceCardViewModel(places: PlacesModel(), profile: ProfileModel()))
            #expect(card.copy.iconName != "edit-copy-symbolic")
        }

        @Test("a toggle button set from code does not run its handler; the person's own toggle does")
        func toggleSetFromCodeDoesNotEcho() {
            let button = ToggleButton(icon: "starred-symbolic", tooltip: "Favourite")
            g_object_ref_sink(button.widget.gpointer)
            defer { button.widget.unref() }
            var toggles = 0
            button.onToggle { toggles += 1 }

            button.isActive = true
            button.isActive = false
            #expect(toggles == 0)

            gtk_toggle_button_set_active(UnsafeMutablePointer(gpointer: button.widget.gpointer), 1)  // what a click does
            #expect(toggles == 1)
            #expect(button.isActive)
        }
    }
}
