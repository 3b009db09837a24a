import Foundation
import PlacesCore
import PlacesTestingSupport
import Testing

/// What a person meets in their first hour, headless: every import answered with a Show that finds the
/// places, one click on a list row showing the card under the list and never over the profile form,
/// favourites told apart from kinds, places at one spot offered in a chooser, distances in their unit,
/// and the keyboard's way through the markers.
@MainActor
@Suite("The first hour")
struct FirstHourScenarioTests {
    private static let trip = #"""
    {"type":"FeatureCollection","features":[
      {"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[16.3725,48.2084]},"properties":{"name":"Café Central","amenity":"cafe"}},
      {"type":"Feature","id":"b","geometry":{"type":"Point","coordinates":[16.3780,48.2030]},"properties":{"name":"Sacher","amenity":"cafe"}}
    ]}
    """#

    @Test("an import is answered with the count and Show, which fits the map to the places and scrolls the list to them")
    func importThenShow() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Self.trip, to: "trip.geojson").path
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        scenario.coordinator.handle(.show(.profile))

        await scenario.coordinator.importFiles([path])

        let source = "file:" + URL(fileURLWithPath: path).standardizedFileURL.path
        #expect(scenario.shell.shownNotices == [Notice("Imported 2 places from “trip.geojson”", action: .show(.source(source)))])
        scenario.coordinator.handle(.noticeAction(.show(.source(source))))
        scenario.map.settle()
        #expect(scenario.shell.tab == .map)
        let camera = scenario.map.camera
        #expect(camera.zoom > 10)
        for id in ["a", "b"] {
            let point = camera.screenPoint(for: try #require(scenario.placesModel.places.place(withID: "\(source)/\(id)")).coordinate)
            #expect(point.x > 0 && point.x < Scenario.viewport.width && point.y > 0 && point.y < Scenario.viewport.height)
        }
        let state = try #require(scenario.list.state.latest)
        let target = try #require(state.scrollTarget)
        #expect(state.rows[target.row] == .header(SectionHeader(section: .source(source), title: "trip.geojson (2)", isRemovable: true)))
    }

    @Test("Show on a map that has never been shown fits the places once the map has its size")
    func showBeforeTheMapHasASize() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Self.trip, to: "trip.geojson").path
        let scenario = Scenario()
        await scenario.coordinator.importFiles([path])
        let source = "file:" + URL(fileURLWithPath: path).standardizedFileURL.path
        scenario.coordinator.handle(.noticeAction(.show(.source(source))))
        scenario.map.send(.resized(Scenario.viewport))
        scenario.map.settle()
        #expect(scenario.map.camera.zoom > 10)
        let centre = scenario.map.camera.coordinate(at: Scenario.viewport.center)
        #expect(centre.distance(to: Coordinate(latitude: 48.2057, longitude: 16.37525)) < 1)
    }

    @Test("files the app restores at launch are not announced")
    func restoredFilesAreQuiet() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try folder.write(Self.trip, to: "trip.geojson").path
        let scenario = Scenario()
        await scenario.coordinator.importFiles([path], undoable: false)
        #expect(scenario.shell.notices.isEmpty)
        #expect(scenario.placesModel.places.count == Samples.places.count + 2)
    }

    @Test("one click on a row shows the card under the list, Show on Map goes to the map; the profile form is never covered")
    func cardFollowsTheTab() throws {
        let scenario = Scenario()
        scenario.coordinator.handle(.show(.places))
        scenario.list.send(.select(Samples.lyon.id))
        #expect(scenario.placesModel.selectedItem == Samples.lyon.id)
        #expect(scenario.shell.screen == Screen(tab: .places, showsCard: true))
        #expect(scenario.card.state.latest??.offersShowOnMap == true)

        scenario.coordinator.handle(.tabShown(.profile))
        #expect(scenario.shell.screen == Screen(tab: .profile, showsCard: false))
        scenario.coordinator.handle(.tabShown(.places))
        #expect(scenario.shell.screen == Screen(tab: .places, showsCard: true))

        scenario.card.send(.showOnMap)
        #expect(scenario.shell.screen == Screen(tab: .map, showsCard: true))
        #expect(scenario.card.state.latest??.offersShowOnMap == false)
    }

    @Test("distances follow the locale's unit, and the profile's choice overrides it everywhere")
    func units() async throws {
        let store = InMemoryProfileStore(Profile(name: "Ada", homeCity: Samples.lyonCity))
        let saves = SaveQueue()
        let kept = KeptProfile(store: store, saves: saves, profile: store.saved, localUnit: .miles)
        let profile = kept.model
        let places = PlacesModel(places: Samples.places, sources: [.bundled])
        let card = PlaceCardViewModel(places: places, profile: profile, locale: Samples.locale)
        let list = PlacesListViewModel(model: places, profile: profile, locale: Samples.locale)
        let form = ProfileViewModel(profile: profile, cities: CityDirectory(Samples.cities))
        places.select(Samples.paris.id)
        #expect(card.state.latest??.distance == "243 mi from Lyon")
        #expect(list.state.latest?.rows.placeRows.first { $0.id == Samples.paris.id }?.distance == "243 mi")
        #expect(form.state.latest?.unitChoices == ["Miles, as in your region", "Kilometres", "Miles"])

        form.send(.chooseUnit(1))
        #expect(form.state.latest?.canSave == true)
        form.send(.save)
        await saves.finished()
        #expect(store.saved?.distanceUnit == .kilometres)
        #expect(card.state.latest??.distance == "391 km from Lyon")
        #expect(list.state.latest?.rows.placeRows.first { $0.id == Samples.paris.id }?.distance == "391 km")
    }

    @Test("the locale's unit: miles under en_US, kilometres under de_DE, fr_FR and en_GB; LC_MEASUREMENT first",
          arguments: [
            (["LANG": "en_US.UTF-8"], DistanceUnit.miles), (["LANG": "de_DE.UTF-8"], .kilometres),
            (["LANG": "fr_FR.UTF-8"], .kilometres), (["LANG": "en_GB.UTF-8"], .kilometres), ([:], .kilometres),
            (["LANG": "en_GB.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .miles),
            (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], .kilometres),
            (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .kilometres),
          ])
    func localeUnit(environment: [String: String], unit: DistanceUnit) {
        #expect(DistanceUnit.preferred(environment: environment) == unit)
    }

    @Test("miles are written like kilometres: grouped, one decimal under ten")
    func milesFormatting() {
        let numbers = LocalizedNumbers(locale: Samples.locale)
        #expect(numbers.distance(kilometres: 1609.344 * 2, in: .miles) == "2,000 mi")
        #expect(numbers.distance(kilometres: 8, in: .miles) == "5 mi")
        #expect(numbers.distance(kilometres: 9, in: .miles) == "5.6 mi")
    }

    @Test("no kind's symbol is the favourite star; favourites are marked on markers, rows and in the legend")
    func favouritesToldApart() throws {
        #expect(Category.legend.allSatisfy { $0.symbol != "★" })
        #expect(Set(Category.legend.map(\.symbol)).count == Category.legend.count)
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        scenario.placesModel.toggleFavourite(Samples.madrid.id)
        let marker = try #require(scenario.map.state.latest?.markers.first { $0.name == "Madrid" })
        #expect(marker.isFavourite)
        #expect(marker.spokenName == "Madrid, capital, favourite")
        #expect(scenario.map.state.latest?.markers.first { $0.name == "Tokyo" }?.isFavourite == false)
        #expect(scenario.map.state.latest?.legend.hasFavourites == true)
        let rows = try #require(scenario.list.state.latest?.rows.placeRows)
        #expect(rows.filter(\.isFavourite).map(\.name) == ["Madrid", "Madrid"], "in Favourites and in Capitals")
    }

    @Test("an imported kind the legend does not know is drawn and listed as Other")
    func otherKinds() throws {
        let cafe = Place(id: "cafe", name: "Café", category: Category(rawValue: "cafe"), coordinate: Coordinate(latitude: 10, longitude: 10))
        let scenario = Scenario(places: Samples.places + [cafe])
        scenario.map.send(.resized(Scenario.viewport))
        #expect(scenario.map.state.latest?.legend.kinds == [.capital, .city, .landmark, .other("")])
        #expect(Category.other("").pluralName == "Other")
    }

    @Test("the legend starts folded in a narrow window, open in a wide one, and its button folds it")
    func legendFolds() {
        let scenario = Scenario()
        scenario.map.send(.resized(ScreenSize(width: 360, height: 500)))
        #expect(scenario.map.state.latest?.legend.isOpen == false)
        scenario.map.send(.resized(Scenario.viewport))
        #expect(scenario.map.state.latest?.legend.isOpen == true)
        scenario.map.send(.toggleLegend)
        #expect(scenario.map.state.latest?.legend.isOpen == false)
        scenario.map.send(.resized(ScreenSize(width: 1200, height: 800)))
        #expect(scenario.map.state.latest?.legend.isOpen == false, "the person's choice stays")
    }

    @Test("places at one spot open a chooser; each can be opened from it")
    func placesAtOneSpot() throws {
        var twin = Samples.madrid
        twin.id = "cafe-madrid"
        twin.name = "Café on the square"
        twin.category = Category(rawValue: "cafe")
        let scenario = Scenario(places: Samples.places + [twin])
        let point = scenario.pointOfMarker(for: Samples.madrid, zoomedBy: 14)
        scenario.map.send(.pressed)
        scenario.map.send(.tapped(point))
        #expect(scenario.placesModel.selectedItem == nil)
        let chooser = try #require(scenario.map.state.latest?.chooser)
        #expect(chooser.entries.map(\.name) == ["Café on the square", "Madrid"])
        scenario.map.send(.choose("cafe-madrid"))
        #expect(scenario.placesModel.selectedItem == "cafe-madrid")
        #expect(scenario.map.state.latest?.chooser == nil)
    }

    @Test("a whole file at one spot: one marker at the deepest zoom, and a chooser of eight that counts the rest")
    func crowdAtOneSpot() throws {
        let crowd = (0..<5_000).map { index in
            var place = Samples.madrid
            place.id = "crowd-\(index)"
            place.name = "Stall \(index)"
            return place
        }
        let scenario = Scenario(places: Samples.places + crowd)
        let point = scenario.pointOfMarker(for: Samples.madrid, zoomedBy: 20)
        #expect(scenario.map.camera.zoom >= MarkerClusterer.clusteringMaxZoom)
        let here = try #require(scenario.map.state.latest?.markers.filter { $0.position.distance(to: point) < 1 })
        #expect(here.map(\.kind) == [.cluster(count: 5_001)], "one marker for the spot, not one a place")
        #expect(here.first?.spokenName.hasPrefix("5,001 places around ") == true, "the count grouped as the legend and messages write it")

        scenario.map.send(.pressed)
        scenario.map.send(.tapped(point))
        let chooser = try #require(scenario.map.state.latest?.chooser)
        #expect(chooser.entries.count == MapViewModel.chooserLimit)
        #expect(chooser.entries.map(\.name) == chooser.entries.map(\.name).sorted { $0.localizedStandardCompare($1) == .orderedAscending })
        #expect(chooser.more == "and 4,993 more places here")
        scenario.map.send(.choose(chooser.entries[0].id))
        #expect(scenario.placesModel.selectedItem == chooser.entries[0].id)
    }

    @Test("the same place from two files: the chooser and the card say which file each comes from")
    func samePlaceFromTwoFiles() throws {
        let scenario = Scenario()
        let files = [PlaceSource(id: "kml", title: "lyon.kml", path: "/tmp/lyon.kml"), PlaceSource(id: "gpx", title: "saved.gpx", path: "/tmp/saved.gpx")]
        for file in files {
            var cafe = Samples.madrid
            cafe.id = "\(file.id)/cafe"
            cafe.name = "Cafe des Federations"
            cafe.category = .landmark
            cafe.source = file.id
            scenario.placesModel.add([cafe], from: file)
        }
        let point = scenario.pointOfMarker(for: Samples.madrid, zoomedBy: 14)
        scenario.map.send(.pressed)
        scenario.map.send(.tapped(point))
        let chooser = try #require(scenario.map.state.latest?.chooser)
        #expect(Set(chooser.entries.compactMap(\.origin)) == ["from “lyon.kml”", "from “saved.gpx”"])
        #expect(chooser.entries.first { $0.id == Samples.madrid.id }?.origin == nil, "the bundled place has no file")
        scenario.map.send(.choose("gpx/cafe"))
        #expect(scenario.card.state.latest??.origin == "from “saved.gpx”")
        scenario.placesModel.select(Samples.madrid.id)
        #expect(scenario.card.state.latest??.origin == nil)
    }

    @Test("a cluster is spoken with its count, where it is and its first places, nearest its centre first")
    func clusterSpoken() throws {
        let centre = Coordinate(latitude: 45.76, longitude: 4.84)
        let around: [(String, Double, Double)] = [("Centre", 0, 0), ("East", 0, 0.04), ("West", 0, -0.06), ("North", 0.05, 0), ("South", -0.05, 0)]
        let places = around.map { name, dLat, dLon in
            Place(id: name, name: name, category: .city, coordinate: Coordinate(latitude: centre.latitude + dLat, longitude: centre.longitude + dLon),
                  source: PlaceSource.bundledID)
        }
        let scenario = Scenario(places: places)
        scenario.map.send(.resized(Scenario.viewport))
        scenario.map.send(.show(center: centre, zoom: 5))
        let cluster = try #require(scenario.map.state.latest?.markers.first { if case .cluster = $0.kind { true } else { false } })
        #expect(cluster.spokenName == "5 places around Centre: Centre, East, West, …")
    }

    @Test("the keyboard visits markers nearest the centre first")
    func nearestFirst() throws {
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        scenario.map.send(.show(center: Samples.lyon.coordinate, zoom: 5))
        let state = try #require(scenario.map.state.latest)
        #expect(state.markersNearestFirst.first?.name == "Lyon")
        let centre = state.camera.viewport.center
        let distances = state.markersNearestFirst.map { hypot($0.position.x - centre.x, $0.position.y - centre.y) }
        #expect(distances == distances.sorted())
    }
}

extension PlacesListRows {
    /// The place rows, in order.
    var placeRows: [PlaceRow] {
        all.compactMap { if case .place(let row) = $0 { row } else { nil } }
    }
}
