import Foundation
@testable import PlacesCore
import Testing

/// A person finds places beyond their library: a town by name, a point by coordinates or a link, what
/// is near a point; they add what they found to My Places, a collection or as home, and share it.
@MainActor
@Suite("Finding places beyond the library")
struct FindingPlacesScenarioTests {
    private func scenario() -> Scenario {
        let scenario = Scenario()
        scenario.app.gazetteer.load(GazetteerSearchTests.gazetteer)
        return scenario
    }

    private func select(_ name: String, in scenario: Scenario) throws -> Place.ID {
        let state = try #require(scenario.list.state.latest)
        let id = try #require(state.rows.all.lazy.compactMap { row -> Place.ID? in
            if case .place(let place) = row, place.name == name { place.id } else { nil }
        }.first, "\(name) is not listed: \(state.headers)")
        scenario.list.send(.select(id))
        return id
    }

    @Test("a town's name lists it after the bundled places, with its region; bundled places are not listed twice")
    func townsListed() throws {
        let scenario = scenario()
        scenario.list.send(.search("grenoble"))
        let state = try #require(scenario.list.state.latest)
        #expect(state.headers == ["Towns and Airports (2)"])
        let row = try #require(state.placeRow(at: 1))
        #expect(row.name == "Grenoble")
        #expect(row.category == "City · Auvergne-Rhône-Alpes, France")
        #expect(state.summary == "2 places found")
        // Paris is a bundled capital: the gazetteer's Paris is left out, its namesakes elsewhere are not.
        scenario.list.send(.search("paris"))
        let paris = try #require(scenario.list.state.latest)
        #expect(paris.headers.first == "Capitals (1)")
        let towns = paris.section("Towns and Airports").compactMap { id in paris.rows.all.lazy.compactMap { row -> PlaceRow? in
            if case .place(let place) = row, place.id == id { place } else { nil } }.first }
        #expect(!towns.contains { $0.name == "Paris" && $0.category.hasSuffix("France") })
        #expect(towns.contains { $0.name == "Paris" && $0.category.hasSuffix("Texas, United States") }, "\(towns.map(\.category))")
        // A typo the library's search does not forgive: the gazetteer's Paris is the only one listed.
        scenario.list.send(.search("parris"))
        let typo = try #require(scenario.list.state.latest)
        #expect(!typo.headers.contains { $0.hasPrefix("Capitals") }, "\(typo.headers)")
        let forgiven = typo.section("Towns and Airports").compactMap { id in typo.rows.all.lazy.compactMap { row -> PlaceRow? in
            if case .place(let place) = row, place.id == id { place } else { nil } }.first }
        #expect(forgiven.contains { $0.name == "Paris" && $0.category.contains("Île-de-France, France") }, "\(forgiven.map(\.category))")
    }

    @Test("towns found only by forgiving a typo follow a file's place that holds the word as typed; towns found as typed come first")
    func forgivenTownsAfterFiles() throws {
        let scenario = scenario()
        let file = PlaceSource(id: "file:/saved.json", title: "Saved Places.json", path: "/saved.json")
        var cafe = Samples.madrid
        cafe.id = "file:/saved.json/1"
        cafe.name = "Café Diglas"
        cafe.coordinate = Coordinate(latitude: 48.2084, longitude: 16.3725)
        cafe.source = file.id
        scenario.placesModel.add([cafe], from: file)

        scenario.list.send(.search("diglas"))
        let diglas = try #require(scenario.list.state.latest)
        #expect(diglas.headers.first == "Saved Places.json (1)", "\(diglas.headers)")
        #expect(diglas.headers.last?.hasPrefix("Towns and Airports (") == true, "no town forgiven the typo: \(diglas.headers)")
        scenario.list.send(.activateFirstResult)
        #expect(scenario.placesModel.selectedItem == cafe.id, "Enter did not open the café")

        // "vienna" is a town's name as typed: the towns stay before the files.
        cafe.id = "file:/saved.json/2"
        cafe.name = "Vienna Bakery"
        scenario.placesModel.add([cafe], from: file)
        scenario.list.send(.search("vienna"))
        let vienna = try #require(scenario.list.state.latest)
        let towns = try #require(vienna.headers.firstIndex { $0.hasPrefix("Towns and Airports (") }, "\(vienna.headers)")
        let files = try #require(vienna.headers.firstIndex { $0.hasPrefix("Saved Places.json (") }, "\(vienna.headers)")
        #expect(towns < files, "\(vienna.headers)")
    }

    @Test("a search typed before the bundled places arrive (`--search`) drops the gazetteer's twins once they do")
    func bundledArrivingLater() throws {
        let model = PlacesModel()
        let gazetteer = GazetteerModel()
        gazetteer.load(GazetteerSearchTests.gazetteer)
        let list = PlacesListViewModel(model: model, profile: ProfileModel(), gazetteer: gazetteer, locale: Samples.locale)
        list.send(.search("paris"))
        let isFrenchParis = { (row: PlacesListRow) -> Bool in
            if case .place(let place) = row { place.name == "Paris" && place.category.hasSuffix("Île-de-France, France") } else { false }
        }
        #expect(try #require(list.state.latest).rows.all.contains(where: isFrenchParis))
        model.add([Samples.paris], from: .bundled)
        let after = try #require(list.state.latest)
        #expect(!after.rows.all.contains(where: isFrenchParis))
        #expect(after.headers.first == "Capitals (1)")
    }

    @Test("the first search waits for the world's towns it starts reading: \"Searching\", not \"0 places found\", then the towns")
    func searchWaitsForTowns() async throws {
        let gazetteer = GazetteerModel(read: { GazetteerSearchTests.gazetteer })
        let list = PlacesListViewModel(model: PlacesModel(places: Samples.places, sources: [.bundled]), profile: ProfileModel(),
                                       gazetteer: gazetteer, locale: Samples.locale)
        list.send(.search("grenoble"))
        let waiting = try #require(list.state.latest)
        #expect(gazetteer.isReading)
        #expect(waiting.summary == "Searching the world's towns…")
        #expect(waiting.isSearchingTowns && !waiting.isEmpty, "the list says nothing is found before the towns are read")
        await waitUntil { !gazetteer.isReading }
        let answered = try #require(list.state.latest)
        #expect(answered.headers == ["Towns and Airports (2)"])
        #expect(answered.summary == "2 places found")
        #expect(!answered.isSearchingTowns)

        // Places of the library are listed at once, and counted, while the towns are still being read.
        let other = PlacesListViewModel(model: PlacesModel(places: Samples.places, sources: [.bundled]), profile: ProfileModel(),
                                        gazetteer: GazetteerModel(read: { GazetteerSearchTests.gazetteer }), locale: Samples.locale)
        other.send(.search("paris"))
        let library = try #require(other.state.latest)
        #expect(library.summary == "1 place found" && library.isSearchingTowns)
    }

    @Test("a gazetteer that cannot be read ends the wait: the list says nothing is found, and one message says why")
    func searchWithoutTowns() async throws {
        struct Unreadable: Error, CustomStringConvertible { var description: String { "the file is cut short" } }
        let coordinator = SpyCoordinator()
        let gazetteer = GazetteerModel(read: { throw Unreadable() })
        gazetteer.coordinator = coordinator
        let list = PlacesListViewModel(model: PlacesModel(places: Samples.places, sources: [.bundled]), profile: ProfileModel(),
                                       gazetteer: gazetteer, locale: Samples.locale)
        list.send(.search("grenoble"))
        #expect(list.state.latest?.isSearchingTowns == true)
        await waitUntil { !gazetteer.isReading }
        let state = try #require(list.state.latest)
        #expect(state.isEmpty && state.summary == "0 places found")
        list.send(.search("grenobl"))
        #expect(!gazetteer.isReading, "each keystroke tries to read it again")
        let told = coordinator.requests.compactMap { if case .tell(let message) = $0 { message } else { nil } }
        #expect(told == [.error("The world's towns cannot be searched: the file is cut short")])
    }

    @Test("a town chosen is shown with a pin and a card that offers it as home; looking elsewhere lets it go")
    func townChosen() throws {
        let scenario = scenario()
        scenario.list.send(.search("grenoble"))
        let id = try select("Grenoble", in: scenario)
        #expect(scenario.placesModel.found?.place.id == id)
        let card = try #require(scenario.card.state.latest.flatMap { $0 })
        #expect(card.title == "Grenoble")
        #expect(card.isFound && card.offersSetAsHome)
        #expect(card.summary.hasPrefix("Auvergne-Rhône-Alpes, France · 158,552 inhabitants · "))
        #expect(card.distance == "95 km from Lyon" || card.distance == nil)
        scenario.map.send(.resized(Scenario.viewport))
        #expect(scenario.map.state.latest?.markers.contains { if case .place(id, _, true) = $0.kind { true } else { false } } == true)
        #expect(scenario.list.state.latest?.selectedRow == 1)

        scenario.placesModel.select(Samples.paris.id)
        #expect(scenario.placesModel.found == nil)
        #expect(scenario.map.state.latest?.markers.contains { if case .place(id, _, _) = $0.kind { true } else { false } } == false)
    }

    @Test("Set as Home makes the town the home city, with its region")
    func setAsHome() throws {
        let scenario = scenario()
        scenario.list.send(.search("tubingen"))
        _ = try select("Tübingen", in: scenario)
        scenario.card.send(.setAsHome)
        let home = try #require(scenario.profileModel.homeCity)
        #expect(home.name == "Tübingen")
        #expect(home.region == "Baden-Wurttemberg" || home.region == "Baden-Württemberg")
        #expect(home.country == "Germany")
        #expect(scenario.card.state.latest??.offersSetAsHome == false)
    }

    @Test("a found place joins My Places as a favourite or into a collection in one step, and Undo takes it back")
    func addedAndUndone() throws {
        let scenario = scenario()
        scenario.list.send(.search("zurik"))
        let found = try select("Zürich", in: scenario)
        scenario.card.send(.toggleFavourite)
        let copy = try #require(scenario.placesModel.places.first { $0.isOwn })
        #expect(copy.name == "Zürich")
        #expect(copy.notes.hasPrefix("Zurich, Switzerland"))
        #expect(scenario.placesModel.favourites.contains(copy.id))
        #expect(scenario.placesModel.selectedItem == copy.id)
        #expect(scenario.shell.shownNotices.last?.message == "“Zürich” added to My Places and to Favourites")
        scenario.coordinator.handle(.noticeAction(.undo))
        #expect(!scenario.placesModel.places.contains { $0.isOwn })
        #expect(scenario.placesModel.favourites.isEmpty)

        scenario.editor.createCollection(named: "Trips", with: [])
        let trips = try #require(scenario.placesModel.collections.first).id
        scenario.list.send(.search("zurik"))
        _ = try select("Zürich", in: scenario)
        #expect(scenario.placesModel.found?.place.id == found)
        scenario.card.send(.setMember(trips, true))
        let member = try #require(scenario.placesModel.places.first { $0.isOwn })
        #expect(scenario.placesModel.collections.first?.members == [member.id])
        scenario.coordinator.handle(.noticeAction(.undo))
        #expect(scenario.placesModel.collections.first?.members == [])
        #expect(!scenario.placesModel.places.contains { $0.isOwn })
    }

    @Test("coordinates typed are a point at the top; out of range they say why")
    func coordinatesTyped() throws {
        let scenario = scenario()
        scenario.list.send(.search("N 45.19 E 5.72"))
        let state = try #require(scenario.list.state.latest)
        #expect(state.headers.first == "Location (1)")
        let row = try #require(state.placeRow(at: 1))
        #expect(row.category == "Location · 45.1900° N, 5.7200° E")
        scenario.list.send(.activateFirstResult)
        #expect(scenario.shell.screen?.tab == .map)
        let card = try #require(scenario.card.state.latest.flatMap { $0 })
        #expect(card.title == "Dropped Pin")
        #expect(card.category == "Location")
        #expect(card.nearby?.hasSuffix(" of Grenoble, Auvergne-Rhône-Alpes, France") == true, "\(card.nearby ?? "nil")")
        // A screen reader names its pin on the map by name and kind.
        scenario.map.send(.resized(Scenario.viewport))
        #expect(scenario.map.state.latest?.markers.contains { $0.spokenName == "Dropped Pin, location" } == true)

        scenario.list.send(.search("95.5, 200"))
        let wrong = try #require(scenario.list.state.latest)
        #expect(wrong.isEmpty)
        #expect(wrong.problem == "The latitude must be between 90° S and 90° N.")
    }

    @Test("a geo: link handed to the app shows its point on the map; a name in it is searched; a broken one is answered")
    func linksHandedOver() throws {
        let scenario = scenario()
        scenario.coordinator.handle(.openLocation("geo:48.8584,2.2945?z=16"))
        #expect(scenario.shell.screen?.tab == .map)
        #expect(scenario.placesModel.found.map { isClose($0.place.coordinate, Coordinate(latitude: 48.8584, longitude: 2.2945), tolerance: 1e-9) } == true)
        #expect(scenario.card.state.latest??.nearby?.contains("Île-de-France, France") == true)

        scenario.coordinator.handle(.openLocation("geo:0,0?q=Grenoble"))
        #expect(scenario.shell.screen?.tab == .places)
        #expect(scenario.list.state.latest?.query == "Grenoble")

        scenario.coordinator.handle(.openLocation("geo:91,0"))
        #expect(scenario.shell.errors.last == "“geo:91,0” cannot be shown. The latitude must be between 90° S and 90° N.")
        scenario.coordinator.handle(.openLocation("https://www.openstreetmap.org/node/1"))
        #expect(scenario.shell.errors.last?.hasPrefix("“https://www.openstreetmap.org/node/1” holds no map position") == true)
    }

    @Test("What's Here? on a library place's card drops a pin there with the nearest town")
    func whatsHere() throws {
        let scenario = scenario()
        scenario.placesModel.select(Samples.lyon.id)
        scenario.card.send(.whatsHere)
        let card = try #require(scenario.card.state.latest.flatMap { $0 })
        #expect(card.isFound && card.title == "Dropped Pin")
        #expect(card.nearby?.hasSuffix("Auvergne-Rhône-Alpes, France") == true, "\(card.nearby ?? "nil")")
        #expect(scenario.placesModel.found?.place.coordinate == Samples.lyon.coordinate)
    }

    @Test("Share copies the place's position in each form, and says so")
    func share() throws {
        let scenario = scenario()
        scenario.placesModel.select(Samples.paris.id)
        for format in ShareFormat.allCases { scenario.card.send(.share(format)) }
        let copied = scenario.shell.calls.compactMap { if case .copy(let text) = $0 { text } else { nil } }
        #expect(copied == ["48.85660, 2.35220", "geo:48.8566,2.3522", "https://www.openstreetmap.org/?mlat=48.8566&mlon=2.3522#map=15/48.8566/2.3522",
                           "8FW4V942+JV"])
        #expect(scenario.shell.shownNotices.last?.message == "Copied “8FW4V942+JV”")
        // Each reads back as the same point.
        for text in copied {
            guard case .point(let link) = LocationInput.read(text, near: Samples.lyon.coordinate) else {
                Issue.record("\(text) does not read back")
                continue
            }
            #expect(link.coordinate.distance(to: Samples.paris.coordinate) < 0.02, "\(text)")
        }
    }

    @Test("the home-city field suggests the gazetteer's towns after the bundled cities, and picks one typed whole")
    func homeCityField() throws {
        let scenario = scenario()
        scenario.profile.send(.cityTextChanged("grenoble"))
        let suggestions = try #require(scenario.profile.state.latest?.suggestions)
        #expect(suggestions.first?.displayName == "Grenoble, Auvergne-Rhône-Alpes, France")
        scenario.profile.send(.cityTextChanged("Grenoble, Auvergne-Rhône-Alpes, France"))
        #expect(scenario.profile.state.latest?.cityError == nil)
        // A bundled city is not suggested a second time from the gazetteer, whatever its country is called there.
        for text in ["zuri", "lyo", "spring", "sao pa"] {
            scenario.profile.send(.cityTextChanged(text))
            let suggestions = try #require(scenario.profile.state.latest?.suggestions)
            for (index, city) in suggestions.enumerated() {
                let twin = suggestions[(index + 1)...].first {
                    SearchKey($0.name) == SearchKey(city.name) && $0.coordinate.distance(to: city.coordinate) < 25
                }
                #expect(twin == nil, "“\(text)”: \(city.displayName) and \(twin?.displayName ?? "")")
            }
        }
    }
}
