import Foundation
@testable import PlacesCore
import Testing

/// What is drawn over the map and what names keep clear of: the legend, the buttons, the place being edited.
@MainActor
@Suite("Map overlaps")
struct MapOverlapTests {
    static let viewport = ScreenSize(width: 1000, height: 700)
    static let lyon = Coordinate(latitude: 45.76, longitude: 4.84)

    /// A grid of landmarks around `centre`, about 100 by 50 pixels apart at zoom 9: names in every corner.
    private static func crowd(around centre: Coordinate) -> [Place] {
        (0..<400).map { (index: Int) -> Place in
            let row = Double(index / 20 - 10), column = Double(index % 20 - 10)
            let coordinate = Coordinate(latitude: centre.latitude + row * 0.1, longitude: centre.longitude + column * 0.3)
            return Place(id: "crowd-\(index)", name: "Testbau \(index)", category: .landmark, coordinate: coordinate)
        }
    }

    private func labelBoxes(_ state: MapState) -> [LabelBox] {
        state.markers.compactMap { item in item.label.map { LabelBox.label($0, at: item.position, side: item.labelSide) } }
    }

    /// The crowd around Lyon at zoom 9.
    private func crowdedMap() -> MapViewModel {
        let model = PlacesModel(places: Self.crowd(around: Self.lyon), sources: [.bundled])
        let map = MapViewModel(model: model)
        map.send(.resized(Self.viewport))
        map.send(.show(center: Self.lyon, zoom: 9))
        return map
    }

    @Test("no name runs under the zoom and layer buttons or the legend's button")
    func namesClearOfButtons() throws {
        let map = crowdedMap()
        let state = try #require(map.state.latest)
        let boxes = labelBoxes(state)
        #expect(boxes.count > 20, "the crowd has names")
        #expect(!boxes.contains { $0.overlaps(MapControls.box(in: Self.viewport)) }, "a name under the zoom buttons")
        #expect(!boxes.contains { $0.overlaps(MapLegend.button) }, "a name under the legend's button")
    }

    @Test("while a place is edited, no other name runs into its name")
    func namesClearOfTheDraft() throws {
        let map = crowdedMap()
        let draft = PlaceDraft(place: Place(id: "mine/new", name: "Testba International", category: .other(""), coordinate: Self.lyon,
                                            source: PlaceSource.mineID), isNew: true)
        map.send(.edit(draft))
        let state = try #require(map.state.latest)
        let edited = try #require(state.draft)
        let draftLabel = LabelBox.label(edited.label, at: edited.position)
        let crossing = zip(state.markers, labelBoxes(state)).filter { $0.1.overlaps(draftLabel) }.map(\.0.name)
        #expect(crossing.isEmpty, "names across “Testba International”: \(crossing)")
    }

    @Test("the legend is as wide as its longest name, and a tap on it selects nothing under it")
    func legend() throws {
        let legend = MapLegend(kinds: [.capital, .station], hasFavourites: false, isOpen: true)
        let longest = legend.rowNames.map(\.count).max() ?? 0
        #expect(legend.panelWidth >= 36 + 6.5 * Double(longest))

        let scenario = Scenario()
        scenario.map.send(.resized(Self.viewport))
        let point = scenario.pointOfMarker(for: Samples.paris)
        // Paris under the open legend: the camera moved so that its marker is inside the panel.
        let panel = try #require(scenario.map.state.latest?.legend).panelWidth
        scenario.map.send(.dragBegan(at: point))
        scenario.map.send(.dragged(dx: MapLegend.panelX + panel / 2 - point.x, dy: MapLegend.panelY + 20 - point.y))
        scenario.map.send(.dragEnded)
        let under = scenario.map.camera.screenPoint(for: Samples.paris.coordinate)
        scenario.map.send(.pressed)
        scenario.map.send(.tapped(under))
        #expect(scenario.placesModel.selectedItem == nil, "a tap on the legend selected the place under it")
    }
}
