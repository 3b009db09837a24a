import Foundation
import PlacesCore
import Testing

@Suite("Vector map styles")
struct VectorStyleTests {
    @Test("the schema is told by the layers: OpenMapTiles, Protomaps, or another drawn plainly")
    func schemas() {
        #expect(VectorSchema(layers: ["water", "transportation", "building", "poi"]) == .openMapTiles)
        #expect(VectorSchema(layers: ["earth", "water", "roads", "buildings", "pois"]) == .protomaps)
        #expect(VectorSchema(layers: ["contours", "trails"]) == .other)
        #expect(VectorSchema(layers: []) == .other)
    }

    @Test("a plain style fills and outlines every layer it is given, and nothing else")
    func plainStyle() {
        let style = VectorStyle(schema: .other, palette: .light, layers: ["contours", "trails"])
        #expect(Set(style.rules.map(\.layer)) == ["contours", "trails"])
        #expect(style.rules.count == 4)
    }

    @Test("roads: every casing is drawn before any road, motorways last, and each road is narrower than its casing")
    func roadOrder() throws {
        for (schema, layer) in [(VectorSchema.openMapTiles, "transportation"), (.protomaps, "roads")] {
            let style = VectorStyle(schema: schema, palette: .light)
            let roads = style.rules.enumerated().filter { $0.element.layer == layer && $0.element.values?.contains("path") != true
                && $0.element.values?.contains("rail") != true }
            let casings = roads.filter { if case .line(let colour, _, _) = $0.element.paint { colour == StreetPalette.light.casing } else { false } }
            let fills = roads.filter { if case .line(let colour, _, _) = $0.element.paint { colour != StreetPalette.light.casing } else { false } }
            #expect(!casings.isEmpty && casings.count == fills.count)
            #expect(try #require(casings.map(\.offset).max()) < (try #require(fills.map(\.offset).min())))
            #expect(fills.last?.element.values?.contains(schema == .openMapTiles ? "motorway" : "highway") == true)
            for (casing, fill) in zip(casings, fills) {
                guard case .line(_, let outer, _) = casing.element.paint, case .line(_, let inner, _) = fill.element.paint else { continue }
                #expect(outer > inner)
            }
        }
    }

    @Test("lines widen going in and narrow going out, within bounds")
    func widths() {
        #expect(VectorStyle.width(4, atZoom: 14) == 4)
        #expect(VectorStyle.width(4, atZoom: 15.5) == 8)
        #expect(VectorStyle.width(4, atZoom: 20) == 16)
        #expect(VectorStyle.width(4, atZoom: 8) == 0.5)
        #expect(VectorStyle.width(4, atZoom: 13) < 4)
    }


    /// Roads and buildings are graphics: WCAG's 3:1 for their edges in high contrast; in the other
    /// styles they only need to be told apart from the land (1.2:1, as OpenStreetMap's own style).
    @Test("streets and buildings stand out from the land in every style", arguments: [
        (MapPalette.light, 1.2), (.dark, 1.2), (.highContrastLight, 3.0), (.highContrastDark, 3.0),
    ])
    func streetContrast(palette: MapPalette, edge: Double) {
        let streets = palette.streets
        #expect(WCAG.contrast(streets.casing, palette.land) >= edge)
        #expect(WCAG.contrast(streets.buildingOutline, palette.land) >= edge)
        #expect(WCAG.contrast(streets.casing, streets.minorRoad) >= edge)
        #expect(WCAG.contrast(streets.water, palette.land) >= 1.2)
        #expect(WCAG.contrast(streets.path, palette.land) >= (edge == 3 ? 4.5 : 2))
    }

    @Test("the dark styles' streets are dark: land cover, water and buildings below a tenth of white's luminance")
    func darkStreets() {
        for palette in [MapPalette.dark, .highContrastDark] {
            for colour in [palette.streets.water, palette.streets.park, palette.streets.residential, palette.streets.building] {
                #expect(WCAG.luminance(colour) < 0.1)
            }
        }
    }
}
