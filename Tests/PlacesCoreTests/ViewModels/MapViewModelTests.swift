import Foundation
import Multicast
import PlacesCore
import PlacesTestingSupport
import Testing

/// The Map tab: camera moves, taps, clusters and labels.
@MainActor
@Suite("Map view-model")
struct MapViewModelTests {
    static let cdg = Place(id: "airport-cdg", name: "Charles de Gaulle Airport", category: .airport,
                           coordinate: Coordinate(latitude: 49.0097, longitude: 2.5479))
    static let orly = Place(id: "airport-ory", name: "Orly Airport", category: .airport,
                            coordinate: Coordinate(latitude: 48.7262, longitude: 2.3652))
    static let places = [Samples.paris, cdg, orly, Samples.lyon, Samples.madrid, Samples.tokyo]
    static let viewport = ScreenSize(width: 1000, height: 700)

    private func makeMap(places: [Place] = Self.places) -> (PlacesModel, MapViewModel) {
        let model = PlacesModel(places: places, sources: [.bundled])
        let map = MapViewModel(model: model)
        map.send(.resized(Self.viewport))
        return (model, map)
    }

    private func isInside(_ point: ScreenPoint, _ size: ScreenSize = Self.viewport) -> Bool {
        (0...size.width).contains(point.x) && (0...size.height).contains(point.y)
    }

    @Test("a second after places stop changing, a large index files the few set aside into a snapshot off the main thread, and the map publishes once more")
    func tidiesWhenQuiet() async throws {
        let places = (0..<60_000).map { index in
            Place(id: "p\(index)", name: "P\(index)", category: .other(""),
                  coordinate: Coordinate(latitude: Double(index % 80) - 40, longitude: Double(index % 199) - 99.5))
        }
        let model = PlacesModel(places: places, sources: [.bundled])
        let clock = ManualClock()
        let map = MapViewModel(model: model, clock: AppClock(clock))
        map.send(.resized(Self.viewport))
        let states = StateRecorder(map.state)
        // Removals are published at once (additions wait for a throttle): only the tidying publishes later.
        model.remove("p1")
        await waitUntil(seconds: 60) { clock.sleeping == 1 }
        model.remove("p2")
        await waitUntil(seconds: 60) { clock.sleeping == 1 }
        try #require(clock.sleeping == 1, "one wait for quiet: the first was called off by the second change")
        #expect(states.values.count == 2)

        clock.advance(by: .seconds(1))
        await waitUntil(seconds: 60) { states.values.count > 2 }
        #expect(states.values.count == 3, "the index, tidied, is published once")
        // The same places in the same clusters (their order and last digits may differ).
        func counts(_ state: MapState?) -> [Int] {
            (state?.markers ?? []).map { if case .cluster(let count) = $0.kind { count } else { 1 } }.sorted()
        }
        #expect(counts(states.values.last) == counts(states.values[1]), "and shows the same")
        #expect(clock.sleeping == 0)
    }

    @Test("the first size shows every place")
    func overviewShowsEverything() throws {
        let (_, map) = makeMap()
        for place in Self.places {
            #expect(isInside(map.camera.screenPoint(for: place.coordinate)), "\(place.name)")
        }
        let state = try #require(map.state.latest)
        #expect(state.markers.map { if case .cluster(let count) = $0.kind { count } else { 1 } }.reduce(0, +) == Self.places.count)
        #expect(state.selectedID == nil)
    }

    @Test("a selection animates the camera until the place is at the centre of the view, at zoom 8 or closer")
    func selectionAnimatesCamera() {
        let (model, map) = makeMap()
        let states = StateRecorder(map.state)
        let start = map.camera

        model.selectedItem = Samples.paris.id
        #expect(map.state.latest?.isAnimating == true)
        #expect(map.camera == start)

        map.send(.frame(time: 50.0))
        #expect(map.camera == start)
        map.send(.frame(time: 50.15))
        #expect(map.camera != start)
        #expect(map.state.latest?.isAnimating == true)
        map.send(.frame(time: 50.31))
        #expect(map.state.latest?.isAnimating == false)

        let point = map.camera.screenPoint(for: Samples.paris.coordinate)
        #expect(isClose(point, Self.viewport.center, tolerance: 1e-6))
        #expect(map.camera.zoom >= MapViewModel.selectionZoom)
        #expect(states.values.filter(\.isSettled).map(\.camera) == [map.camera], "the camera comes to rest once, at the end")
        let count = states.count
        map.send(.frame(time: 51))
        #expect(states.count == count, "no frames after the glide ends")
    }

    @Test("a selection keeps a zoom that is already closer than 8")
    func selectionKeepsCloserZoom() {
        let (model, map) = makeMap()
        map.zoom(by: 11 - map.camera.zoom)
        model.selectedItem = Samples.lyon.id
        map.settle()
        #expect(abs(map.camera.zoom - 11) < 1e-9)
        #expect(isClose(map.camera.screenPoint(for: Samples.lyon.coordinate), Self.viewport.center, tolerance: 1e-6))
    }

    @Test("a drag pans the map with the pointer")
    func dragPans() {
        let (_, map) = makeMap()
        map.zoom(by: 6 - map.camera.zoom)
        let states = StateRecorder(map.state)
        let before = map.camera.screenPoint(for: Samples.paris.coordinate)

        map.send(.pressed)
        map.send(.dragBegan(at: ScreenPoint(x: 1, y: 1)))
        map.send(.dragged(dx: 60, dy: -20))
        map.send(.dragged(dx: 120, dy: -40))
        let after = map.camera.screenPoint(for: Samples.paris.coordinate)
        map.send(.dragEnded)

        #expect(isClose(after, ScreenPoint(x: before.x + 120, y: before.y - 40), tolerance: 1e-6))
        #expect(states.values.map(\.isDragging) == [true, true, false])
        #expect(map.state.latest?.camera == map.camera)
    }

    @Test("a drag the map cannot follow (the whole world in view) publishes no new state to paint; zoomed in, it does")
    func dragThatCannotMove() {
        let (_, map) = makeMap()
        map.zoom(by: -30)
        let origin = map.camera
        var states = StateRecorder(map.state)
        map.send(.pressed)
        map.send(.dragBegan(at: ScreenPoint(x: 400, y: 300)))
        map.send(.dragged(dx: 80, dy: 80))
        map.send(.dragged(dx: 200, dy: -100))
        #expect(map.camera == origin)
        #expect(states.values.isEmpty, "\(states.values.count) states published while the map could not move")
        map.send(.dragEnded)

        map.zoom(by: 4)
        states = StateRecorder(map.state)
        map.send(.pressed)
        map.send(.dragBegan(at: ScreenPoint(x: 400, y: 300)))
        map.send(.dragged(dx: 80, dy: 80))
        #expect(states.values.count == 1)
        map.send(.dragEnded)
    }

    @Test("a drag that moved nothing, with a state published during it (a scroll), ends with the map at rest")
    func stillDragEndsSettled() {
        let (_, map) = makeMap()
        map.zoom(by: -30)
        map.send(.pressed)
        map.send(.dragBegan(at: ScreenPoint(x: 400, y: 300)))
        map.send(.dragged(dx: 2, dy: 1))
        map.send(.scrolled(steps: 0, at: ScreenPoint(x: 400, y: 300)))
        #expect(map.state.latest?.isDragging == true)
        map.send(.dragEnded)
        #expect(map.state.latest?.isSettled == true)
    }

    @Test("a drag that moved does not count as a tap; the next press does")
    func movedDragIsNotATap() {
        let (model, map) = makeMap()
        map.zoom(by: 7 - map.camera.zoom, around: map.camera.screenPoint(for: Samples.madrid.coordinate))

        map.send(.pressed)
        map.send(.dragBegan(at: ScreenPoint(x: 1, y: 1)))
        map.send(.dragged(dx: 30, dy: 0))
        map.send(.dragEnded)
        map.send(.tapped(map.camera.screenPoint(for: Samples.madrid.coordinate)))
        #expect(model.selectedItem == nil)

        map.send(.pressed)
        map.send(.tapped(map.camera.screenPoint(for: Samples.madrid.coordinate)))
        #expect(model.selectedItem == Samples.madrid.id)
    }

    @Test("a wobble under 4 pixels neither moves the map nor stops the tap")
    func wobbleIsATap() {
        let (model, map) = makeMap()
        map.zoom(by: 7 - map.camera.zoom, around: map.camera.screenPoint(for: Samples.madrid.coordinate))
        let camera = map.camera

        map.send(.pressed)
        map.send(.dragBegan(at: ScreenPoint(x: 1, y: 1)))
        map.send(.dragged(dx: 2, dy: 2))
        map.send(.dragEnded)
        #expect(map.camera == camera)
        map.send(.tapped(map.camera.screenPoint(for: Samples.madrid.coordinate)))
        #expect(model.selectedItem == Samples.madrid.id)
    }

    @Test("scroll zoom keeps the point under the pointer", arguments: [1.5, -0.75, 2.0])
    func scrollZoomKeepsPointer(delta: Double) {
        let (_, map) = makeMap()
        map.zoom(by: 6 - map.camera.zoom)
        let pointer = ScreenPoint(x: 310, y: 420)
        let under = map.camera.coordinate(at: pointer)
        let zoom = map.camera.zoom

        map.zoom(by: delta, around: pointer)

        #expect(abs(map.camera.zoom - (zoom + delta)) < 1e-9)
        #expect(isClose(map.camera.coordinate(at: pointer), under, tolerance: 1e-9))
    }

    @Test("clicking a cluster zooms in around it and selects nothing")
    func clusterClickZooms() throws {
        let (model, map) = makeMap()
        let spy = SpyPlacesDelegate()
        model.delegates += spy
        let item = try #require(map.state.latest?.markers.first { if case .cluster = $0.kind { true } else { false } })
        let marker = try #require(map.hit(at: item.position))
        guard case .cluster(let count, _, let bounds) = marker else {
            Issue.record("expected a cluster under \(item.position), found \(marker)")
            return
        }
        #expect(count >= 2)
        let zoom = map.camera.zoom

        map.send(.tapped(item.position))

        #expect(model.selectedItem == nil)
        #expect(spy.selections.isEmpty)
        #expect(map.state.latest?.isAnimating == true)
        map.settle()
        #expect(map.camera.zoom >= zoom + 2)
        #expect(abs(map.camera.centerWorldPoint.x - bounds.center.x) < 1e-9)
        #expect(abs(map.camera.centerWorldPoint.y - bounds.center.y) < 1e-9)
    }

    @Test("a tap on empty map clears the selection")
    func emptyTapClears() {
        let (model, map) = makeMap()
        model.selectedItem = Samples.tokyo.id
        map.settle()
        let pacific = map.camera.screenPoint(for: Coordinate(latitude: 35.0, longitude: 141.0))
        #expect(isInside(pacific))
        #expect(map.hit(at: pacific) == nil)

        map.send(.tapped(pacific))

        #expect(model.selectedItem == nil)
        #expect(map.state.latest?.isAnimating == false)
    }

    @Test("the selected marker is labelled even far out, and drawn last")
    func selectedMarkerLabelledFarOut() throws {
        let (model, map) = makeMap()
        model.selectedItem = Samples.paris.id
        map.settle()
        map.zoom(by: 3 - map.camera.zoom)

        let markers = try #require(map.state.latest?.markers)
        let last = try #require(markers.last)
        #expect(last.kind == .place(id: Samples.paris.id, category: .capital, isSelected: true))
        #expect(last.label == "Paris")
        #expect(markers.dropLast().allSatisfy { $0.label == nil })
        #expect(markers.filter { if case .place(_, _, true) = $0.kind { true } else { false } }.count == 1)
    }

    @Test("the selected marker keeps its label where another label would cover it")
    func selectedLabelWinsOverlap() throws {
        let twin = Place(id: "capital-fr-paris-twin", name: "Paris (twin)", category: .city, coordinate: Samples.paris.coordinate)
        let (model, map) = makeMap(places: [Samples.paris, twin, Samples.lyon, Samples.madrid, Samples.tokyo])
        model.selectedItem = twin.id
        map.settle()
        #expect(map.camera.zoom >= 5)

        let markers = try #require(map.state.latest?.markers)
        let selected = try #require(markers.first { $0.kind == .place(id: twin.id, category: .city, isSelected: true) })
        let paris = try #require(markers.first { $0.kind == .place(id: Samples.paris.id, category: .capital, isSelected: false) })
        #expect(selected.label == "Paris (twin)")
        #expect(paris.label == nil)
    }

    @Test("a name with no room right of its marker goes to the left; capitals are named before airports")
    func labelGoesLeftWhenRightIsTaken() throws {
        // An airport just right of Paris takes the room where Paris's name would go.
        let neighbour = Place(id: "airport-next", name: "Next Door International Airport", category: .airport,
                              coordinate: Coordinate(latitude: 48.8566, longitude: 2.3522 + 0.0004))
        let (_, map) = makeMap(places: [neighbour, Samples.paris, Samples.lyon, Samples.madrid, Samples.tokyo])
        map.send(.show(center: Samples.paris.coordinate, zoom: 17))  // past clustering: two markers 37 px apart

        let markers = try #require(map.state.latest?.markers)
        let paris = try #require(markers.first { $0.kind == .place(id: Samples.paris.id, category: .capital, isSelected: false) })
        let airport = try #require(markers.first { $0.kind == .place(id: neighbour.id, category: .airport, isSelected: false) })
        #expect(paris.label == "Paris")
        #expect(paris.labelSide == .left)
        #expect(airport.label == neighbour.name)
        #expect(airport.labelSide == .right)
    }

    @Test("zoomed in, the base map names the largest visible cities, never over a marker; far out it names none")
    func baseMapCityLabels() throws {
        let cities = [
            City(name: "Paris", country: "France", coordinate: Samples.paris.coordinate, population: 11_000_000),
            City(name: "Rouen", country: "France", coordinate: Coordinate(latitude: 49.44, longitude: 1.10), population: 500_000),
            City(name: "Reims", country: "France", coordinate: Coordinate(latitude: 49.26, longitude: 4.03), population: 300_000),
        ]
        let (_, map) = makeMap()
        map.send(.baseCities(cities))
        map.send(.show(center: Samples.paris.coordinate, zoom: 8))

        let state = try #require(map.state.latest)
        #expect(state.cityLabels.map(\.name) == ["Rouen", "Reims"], "Paris's dot would sit on Paris's marker")
        for label in state.cityLabels {
            #expect(state.markers.allSatisfy { $0.position.distance(to: label.position) > MapMarkerStyle.placeRadius })
        }

        map.send(.show(center: Samples.paris.coordinate, zoom: 3))
        #expect(map.state.latest?.cityLabels.isEmpty == true)
    }

    @Test("arrow keys pan by a quarter of the view and a double tap zooms in one level around the pointer")
    func keyboardPanAndDoubleTap() {
        let (_, map) = makeMap()
        map.zoom(by: 6 - map.camera.zoom)
        let before = map.camera.screenPoint(for: Samples.paris.coordinate)
        map.send(.pan(x: 1, y: 0))
        let after = map.camera.screenPoint(for: Samples.paris.coordinate)
        #expect(isClose(after, ScreenPoint(x: before.x - 250, y: before.y), tolerance: 1e-6))

        let pointer = ScreenPoint(x: 700, y: 200)
        let under = map.camera.coordinate(at: pointer)
        let zoom = map.camera.zoom
        map.send(.doubleTapped(pointer))
        map.settle()
        #expect(abs(map.camera.zoom - (zoom + 1)) < 1e-9)
        #expect(isClose(map.camera.coordinate(at: pointer), under, tolerance: 1e-9))
    }

    @Test("a resize keeps a camera the person moved, and re-frames one they did not")
    func resizeBehaviour() {
        let (model, map) = makeMap()
        model.add(Array(Self.places.prefix(4)), from: .bundled)
        #expect(isInside(map.camera.screenPoint(for: Samples.lyon.coordinate)))

        map.zoom(by: 8 - map.camera.zoom, around: map.camera.screenPoint(for: Samples.lyon.coordinate))
        let centre = map.camera.center
        map.send(.resized(ScreenSize(width: 800, height: 600)))
        #expect(isClose(map.camera.center, centre, tolerance: 1e-9))
        #expect(abs(map.camera.zoom - 8) < 1e-9)
    }
}
