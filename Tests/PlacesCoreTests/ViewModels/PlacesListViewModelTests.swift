import Foundation
import PlacesCore
import PlacesTestingSupport
import Testing

/// The Places tab: sections, counts, search and order.
@MainActor
@Suite("Places list view-model")
struct PlacesListViewModelTests {
    static let trip = PlaceSource(id: "file:/home/ada/trip.geojson", title: "trip.geojson", path: "/home/ada/trip.geojson")

    static func place(_ id: String, _ name: String, _ category: Category, _ lat: Double, _ lon: Double,
                      summary: String = "", source: PlaceSource.ID = PlaceSource.bundledID) -> Place {
        Place(id: id, name: name, category: category, coordinate: Coordinate(latitude: lat, longitude: lon),
              summary: summary, source: source)
    }

    static let places: [Place] = [
        Samples.tokyo, Samples.paris, Samples.madrid,
        place("city-ch-zurich", "Zürich", .city, 47.3769, 8.5417, summary: "Largest Swiss city"),
        Samples.lyon,
        place("airport-cdg", "Charles de Gaulle Airport", .airport, 49.0097, 2.5479, summary: "International airport serving Paris"),
        place("airport-hnd", "Haneda Airport", .airport, 35.5494, 139.7798, summary: "Serves Tokyo"),
        place("station-vostok", "Vostok Station", .station, -78.4645, 106.8340),
        place("landmark-eiffel", "Eiffel Tower", .landmark, 48.8584, 2.2945),
        place("other-geyser", "Old Faithful", .other("geyser"), 44.4605, -110.8281),
        place("trip/flore", "Café de Flore", .other("cafe"), 48.8541, 2.3326, source: trip.id),
        place("trip/louvre", "Louvre", .landmark, 48.8606, 2.3376, source: trip.id),
    ]

    private func makeList(places: [Place] = Self.places) -> (PlacesModel, PlacesListViewModel) {
        let model = PlacesModel(places: places, sources: [.bundled, Self.trip])
        return (model, PlacesListViewModel(model: model, profile: ProfileModel(), locale: Samples.locale))
    }

    @Test("sections are favourites, then categories in legend order, then imported files, each titled with its count")
    func sectionOrder() throws {
        let (model, list) = makeList()
        model.batch {
            model.setFavourite(Samples.lyon.id, true)
            model.setFavourite("trip/louvre", true)
        }

        let state = try #require(list.state.latest)
        #expect(state.headers == [
            "Favourites (2)", "Capitals (3)", "Cities (2)", "Airports (2)", "Research stations (1)", "Landmarks (1)",
            "Other (1)", "trip.geojson (2)",
        ])
        #expect(state.section("Favourites") == ["trip/louvre", Samples.lyon.id])
        #expect(state.section("Capitals") == [Samples.madrid.id, Samples.paris.id, Samples.tokyo.id])
        #expect(state.section("Cities") == [Samples.lyon.id, "city-ch-zurich"])
        #expect(state.section("trip.geojson") == ["trip/flore", "trip/louvre"])
        #expect(state.summary == "12 places found")
    }

    @Test("a place row carries name, category and symbol but no distance without a home")
    func rowContents() throws {
        let (_, list) = makeList()
        let state = try #require(list.state.latest)
        let row = try #require(state.placeRow(at: state.rowIndex(of: "airport-cdg")))
        #expect(row.id == "airport-cdg")
        #expect(row.name == "Charles de Gaulle Airport")
        #expect(row.category == "Airport")
        #expect(row.symbol == "✈")
        #expect(row.distance == nil)
        guard case .header(let header) = state.rows[0] else {
            Issue.record("the first row is not a header")
            return
        }
        #expect(header == SectionHeader(section: .kind(.capital), title: "Capitals (3)", isRemovable: false))
        #expect(state.placeRow(at: 1)?.id == Samples.madrid.id)
    }

    @Test("one match reads '1 place found'; large counts are grouped")
    func summaryWording() throws {
        let (_, list) = makeList()
        list.send(.search("vostok"))
        #expect(list.state.latest?.summary == "1 place found")
        #expect(list.state.latest?.headers == ["Research stations (1)"])

        let many = (0..<1234).map { Self.place("city-\($0)", "Town \($0)", .city, Double($0 % 80), Double($0 % 170)) }
        let (_, big) = makeList(places: many)
        #expect(big.state.latest?.summary == "1,234 places found")
        #expect(big.state.latest?.headers == ["Cities (1,234)"])
    }

    @Test("search ignores case and diacritics", arguments: [
        ("zurich", ["city-ch-zurich"]),
        ("ZÜRICH", ["city-ch-zurich"]),
        ("cafe", ["trip/flore"]),
        ("CAFÉ DE", ["trip/flore"]),
        ("eiffel", ["landmark-eiffel"]),
    ])
    func searchFolding(query: String, expected: [String]) {
        let (_, list) = makeList()
        list.send(.search(query))
        #expect(list.state.latest?.placeIDs == expected)
        #expect(list.state.latest?.query == query)
    }

    @Test("search matches categories and summaries too")
    func searchCategoryAndSummary() {
        let (_, list) = makeList()
        list.send(.search("AIRPORT"))
        #expect(list.state.latest?.placeIDs == ["airport-cdg", "airport-hnd"])
        #expect(list.state.latest?.headers == ["Airports (2)"])

        list.send(.search("swiss"))
        #expect(list.state.latest?.placeIDs == ["city-ch-zurich"])

        list.send(.search("capitals"))
        #expect(list.state.latest?.placeIDs == [Samples.madrid.id, Samples.paris.id, Samples.tokyo.id])
    }

    @Test("a place named exactly as typed comes first in its section, and Enter opens it")
    func exactNameFirst() {
        let names = ["Place 14242", "Place 24242", "Place 4242", "Place 42420"]
        let (model, list) = makeList(places: Self.places + names.enumerated().map { Self.place("trip/\($0)", $1, .other("cafe"), 10, Double($0), source: Self.trip.id) })
        list.send(.search("place 4242"))
        #expect(list.state.latest?.placeIDs == ["trip/2", "trip/0", "trip/1", "trip/3"], "the others stay in name order")
        list.send(.activateFirstResult)
        #expect(model.selectedItem == "trip/2")
        list.send(.search("place 424"))
        #expect(list.state.latest?.placeIDs == ["trip/0", "trip/1", "trip/2", "trip/3"], "named so by none: name order")
    }

    @Test("every word of a query must match")
    func allWordsMustMatch() {
        let (_, list) = makeList()
        list.send(.search("airport paris"))
        #expect(list.state.latest?.placeIDs == ["airport-cdg"])
        list.send(.search("  tokyo   serves "))
        #expect(list.state.latest?.placeIDs == ["airport-hnd"])
        list.send(.search("airport zurich"))
        #expect(list.state.latest?.placeIDs == [])
    }

    @Test("a query nothing matches gives an empty list")
    func emptyResult() throws {
        let (_, list) = makeList()
        list.send(.search("xyzzy"))
        let state = try #require(list.state.latest)
        #expect(state.isEmpty)
        #expect(state.rows.count == 0)
        #expect(state.summary == "0 places found")

        list.send(.search(""))
        #expect(list.state.latest?.isEmpty == false)
        #expect(list.state.latest?.summary == "12 places found")
    }

    @Test("removing an imported file's section asks the coordinator; exporting a section hands it every place of it")
    func sectionRequests() throws {
        let (_, list) = makeList()
        let coordinator = SpyCoordinator()
        list.coordinator = coordinator
        list.send(.search("louvre"))

        list.send(.removeSource(Self.trip.id))
        list.send(.export(.source(Self.trip.id)))
        list.send(.export(.favourites))

        guard coordinator.requests.count == 2, case .removeSource(let id) = coordinator.requests[0],
              case .export(let export) = coordinator.requests[1] else {
            Issue.record("unexpected requests \(coordinator.requests)")
            return
        }
        #expect(id == Self.trip.id)
        #expect(export == SectionExport(title: "trip.geojson", fileName: "trip.geojson", placeIDs: ["trip/flore", "trip/louvre"]))
    }

    @Test("a blank query shows everything")
    func blankQuery() {
        let (_, list) = makeList()
        list.send(.search("   "))
        #expect(list.state.latest?.summary == "12 places found")
    }

    @Test("the selected place's row is marked, in Favourites first when it is one")
    func selectedRow() throws {
        let (model, list) = makeList()
        model.selectedItem = "city-ch-zurich"
        var state = try #require(list.state.latest)
        #expect(state.placeRow(at: state.selectedRow)?.id == "city-ch-zurich")

        model.setFavourite("city-ch-zurich", true)
        state = try #require(list.state.latest)
        #expect(state.selectedRow == 1)
        #expect(state.headers.first == "Favourites (1)")

        list.send(.search("tokyo"))
        #expect(list.state.latest?.selectedRow == nil)

        model.selectedItem = nil
        list.send(.search(""))
        #expect(list.state.latest?.selectedRow == nil)
    }

    @Test("with a home location rows are nearest first and show distances")
    func nearestFirst() throws {
        let model = PlacesModel(places: Self.places, sources: [.bundled, Self.trip])
        let profile = ProfileModel()
        let list = PlacesListViewModel(model: model, profile: profile, locale: Samples.locale)
        profile.save(Profile(name: "Ada", homeCity: Samples.lyonCity))
        let state = try #require(list.state.latest)
        #expect(state.section("Capitals") == [Samples.paris.id, Samples.madrid.id, Samples.tokyo.id])
        #expect(state.section("Airports") == ["airport-cdg", "airport-hnd"])
        #expect(state.placeRow(at: state.rowIndex(of: Samples.tokyo.id))?.distance == "9,890 km")
        #expect(state.placeRow(at: state.rowIndex(of: Samples.lyon.id))?.distance == "0 km")

        profile.save(Profile(name: "Ada", homeCity: nil))
        #expect(list.state.latest?.section("Capitals") == [Samples.madrid.id, Samples.paris.id, Samples.tokyo.id])
        #expect(list.state.latest?.placeRow(at: list.state.latest?.rowIndex(of: Samples.tokyo.id))?.distance == nil)
    }

    @Test("activating a row selects its place and asks for the Map tab")
    func activation() throws {
        let (model, list) = makeList()
        let coordinator = SpyCoordinator()
        list.coordinator = coordinator

        list.send(.activate("airport-hnd"))
        #expect(model.selectedItem == "airport-hnd")
        #expect(coordinator.tabs == [.map])

        list.send(.search("vostok"))
        list.send(.activateFirstResult)
        #expect(model.selectedItem == "station-vostok")
        #expect(coordinator.tabs == [.map, .map])

        // Down from the search field: the first place found is selected, and the list stays.
        list.send(.search("haneda"))
        list.send(.selectFirstResult)
        #expect(model.selectedItem == "airport-hnd")
        #expect(list.state.latest?.selectedRow == list.state.latest?.rowIndex(of: "airport-hnd"))
        #expect(coordinator.tabs == [.map, .map])
    }

    @Test("the list follows places, sources and favourites as they change")
    func followsModel() {
        let (model, list) = makeList()
        model.removeSource(Self.trip.id)
        #expect(list.state.latest?.headers.contains("trip.geojson (2)") == false)
        model.add(Array(Self.places.prefix(3)), from: .bundled)
        #expect(list.state.latest?.headers == ["Capitals (3)"])
        model.toggleFavourite(Samples.tokyo.id)
        #expect(list.state.latest?.headers == ["Favourites (1)", "Capitals (3)"])
        model.add([Self.place("trip/flore", "Café de Flore", .other("cafe"), 48.8541, 2.3326)], from: Self.trip)
        #expect(list.state.latest?.headers == ["Favourites (1)", "Capitals (3)", "trip.geojson (1)"])
    }

    @Test("the same query twice publishes once")
    func repeatedQueryIsIgnored() {
        let (_, list) = makeList()
        let states = StateRecorder(list.state)
        list.send(.search("paris"))
        list.send(.search("paris"))
        #expect(states.count == 1)
    }

    @Test("a new search's results start at the top, unless the selected place is among them; each search asks anew")
    func newResultsFromTheTop() throws {
        let (model, list) = makeList()
        model.select("station-vostok")
        list.send(.search("airport"))
        let first = try #require(list.state.latest?.scrollTarget)
        #expect(first.row == 0, "Vostok Station is not listed: the results show from their first row")
        list.send(.search("airport h"))
        let second = try #require(list.state.latest?.scrollTarget)
        #expect(second.row == 0 && second.serial != first.serial, "a narrower search scrolls to the top again")
        list.send(.search("vostok"))
        #expect(list.state.latest?.selectedRow != nil)
        #expect(list.state.latest?.scrollTarget == nil, "the selected place is listed: the view follows it instead")
    }
}
