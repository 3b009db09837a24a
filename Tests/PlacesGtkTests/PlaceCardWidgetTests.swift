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
            let profile = ProfileModel(store: InMemoryProfileStore())
            let viewModel = PlaceCardViewModel(placesModel: places, profileModel: profile)
            let card = PlaceCard(viewModel: viewModel)
            places.selectedItem = "tom"
            #expect(String(cString: gtk_label_get_text(card.title)) == name)
            #expect(gtk_label_get_use_markup(card.title) == 0)
            #expect(String(cString: gtk_label_get_text(card.summary)) == "<i>not italic</i>")
        }
    }
}
