import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// A vector map's names through the whole app, headless: read from its tiles off the main actor,
/// placed on the map, and its points of interest opened like places, by a click or a screen reader.
@MainActor
@Suite("Vector map names and points of interest")
struct VectorMapScenarioTests {
    /// The app with the OpenMapTiles fixture open at zoom 16 over central Helsinki, once its names have come.
    static func helsinki() async throws -> Scenario {
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        await scenario.coordinator.open([VectorMapFileTests.openMapTiles])
        scenario.map.send(.show(center: Coordinate(latitude: 60.1705, longitude: 24.9425), zoom: 16))
        await waitUntil(seconds: 60) { scenario.map.state.latest?.streetLabels.contains { $0.kind == .pointOfInterest } == true }
        return scenario
    }

    @Test("the map's names arrive, and a click on a point of interest opens its card: name, kind, what its tile says, Add to My Places")
    func clickPointOfInterest() async throws {
        let scenario = try await Self.helsinki()
        let state = try #require(scenario.map.state.latest)
        #expect(state.streetLabels.contains { $0.kind == .road }, "street names too")
        let poi = try #require(state.streetLabels.first { $0.kind == .pointOfInterest && !$0.feature.summary.isEmpty })
        scenario.map.send(.pressed)
        scenario.map.send(.tapped(poi.position))
        let found = try #require(scenario.placesModel.found)
        #expect(found.place.name == poi.feature.name)
        let card = try #require(scenario.card.state.latest ?? nil)
        #expect(card.title == poi.text)
        #expect(card.category == poi.feature.category.displayName)
        #expect(card.summary == poi.feature.summary)
        #expect(card.isFound, "offered to My Places")
    }

    @Test("a screen reader reaches points of interest as it reaches markers, and activating one opens it")
    func activatePointOfInterest() async throws {
        let scenario = try await Self.helsinki()
        let state = try #require(scenario.map.state.latest)
        let target = try #require(state.markersNearestFirst.first { if case .pointOfInterest = $0.kind { true } else { false } })
        guard case .pointOfInterest(let feature) = target.kind else { return }
        #expect(target.spokenName == "\(feature.name), \(feature.category.displayName.lowercased())")
        scenario.map.send(.activated(target))
        #expect(scenario.placesModel.found?.place.name == feature.name)
    }

    @Test("names keep clear of the markers and of the open legend")
    func clearOfMarkers() async throws {
        let scenario = try await Self.helsinki()
        let state = try #require(scenario.map.state.latest)
        let legend = try #require(state.legend.panel)
        for label in state.streetLabels {
            let box = StreetLabels.box(of: label)
            #expect(!box.overlaps(legend), "\(label.text) under the legend")
            for marker in state.markers {
                #expect(!box.overlaps(LabelBox.marker(at: marker.position, radius: MapMarkerStyle.placeRadius)), "\(label.text) over \(marker.name)")
            }
        }
    }

    @Test("while the map is dragged its names move with it, unplaced; at rest they are placed anew")
    func namesMoveWithADrag() async throws {
        let scenario = try await Self.helsinki()
        let before = try #require(scenario.map.state.latest?.streetLabels)
        scenario.map.send(.pressed)
        scenario.map.send(.dragBegan(at: ScreenPoint(x: 400, y: 300)))
        scenario.map.send(.dragged(dx: 30, dy: -12))
        let during = try #require(scenario.map.state.latest?.streetLabels)
        #expect(during.map(\.text) == before.map(\.text))
        for (moved, original) in zip(during, before) {
            #expect(abs(moved.position.x - original.position.x - 30) < 1e-6 && abs(moved.position.y - original.position.y + 12) < 1e-6)
        }
        scenario.map.send(.dragEnded)
        let after = try #require(scenario.map.state.latest?.streetLabels)
        let viewport = LabelBox(minX: 0, minY: 0, maxX: Scenario.viewport.width, maxY: Scenario.viewport.height)
        #expect(after.allSatisfy { label in
            let box = StreetLabels.box(of: label)
            return box.minX >= viewport.minX && box.maxX <= viewport.maxX && box.minY >= viewport.minY && box.maxY <= viewport.maxY
        }, "placed anew inside the view")
    }
}
