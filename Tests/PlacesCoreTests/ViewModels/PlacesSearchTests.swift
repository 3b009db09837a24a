@testable import PlacesCore
import Testing

@Suite("PlacesSearch keys")
@MainActor
struct PlacesSearchTests {
    private let places = [
        Place(id: "a", name: "Zürich HB", category: .station, coordinate: Coordinate(latitude: 47.38, longitude: 8.54), summary: "Gare centrale · Ŀ"),
        Place(id: "b", name: "Ærøskøbing", category: .other("fähre"), coordinate: Coordinate(latitude: 54.89, longitude: 10.41)),
        Place(id: "c", name: "", category: .other(""), coordinate: Coordinate(latitude: 0, longitude: 0), summary: "e\u{301}glise"),
        Place(id: "d", name: "Ville-Marie", category: .station, coordinate: Coordinate(latitude: 45.5, longitude: -73.57), summary: "Montréal"),
    ]

    @Test("a place's key folds its name, kind, the kind's section and its summary, as one text")
    func keyIsTheFoldedText() {
        for place in places {
            let text = "\(place.name) \(place.category.displayName) \(place.category.pluralName) \(place.summary)"
            #expect(PlacesSearch.key(for: place) == SearchKey(text))
        }
    }

    @Test("folding many places gives each the key and name key it has alone, kinds folded once and reused")
    func foldingManyAsOne() {
        var folding = PlacesSearch.Folding()
        for place in places + places {
            let keys = folding.keys(of: place)
            #expect(keys.name == SearchKey(place.name))
            #expect(keys.key == PlacesSearch.key(for: place))
        }
    }
}
