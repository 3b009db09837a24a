import Foundation
@testable import PlacesCore
import Testing

/// Placing a vector map's names: most important first, never over one another, the markers or what
/// lies over the map; a street named once per stretch.
@Suite("Street labels")
struct StreetLabelsTests {
    static let camera = Camera(center: Coordinate(latitude: 60.17, longitude: 24.944), zoom: 16, viewport: ScreenSize(width: 800, height: 600))

    static func feature(_ kind: StreetFeature.Kind, _ name: String, dx: Double, dy: Double, angle: Double = 0) -> StreetFeature {
        let centre = camera.centerWorldPoint, pixel = 1 / Camera.worldPixelSize(atZoom: camera.zoom)
        return StreetFeature(kind: kind, name: name, className: "cafe", point: WorldPoint(x: centre.x + dx * pixel, y: centre.y + dy * pixel),
                             angle: angle, attributes: [], layer: "poi", id: nil)
    }

    @Test("no two labels overlap, none overlaps what is occupied, and the more important wins a place")
    func noOverlaps() {
        var candidates: [StreetFeature] = []
        var generator = SystemRandomNumberGenerator()
        for index in 0..<400 {
            let kind: StreetFeature.Kind = [.poi(rank: index % 20), .road, .place(rank: index % 12)][index % 3]
            candidates.append(Self.feature(kind, "Name \(index)", dx: .random(in: -380...380, using: &generator),
                                           dy: .random(in: -280...280, using: &generator), angle: .random(in: -1.5...1.5, using: &generator)))
        }
        let legend = LabelBox(minX: 0, minY: 0, maxX: 200, maxY: 150)
        let labels = StreetLabels.place(candidates, camera: Self.camera, avoiding: [legend])
        #expect(labels.count > 20)
        let boxes = labels.map(StreetLabels.box(of:))
        for (index, box) in boxes.enumerated() {
            #expect(!box.overlaps(legend))
            #expect(box.minX >= 0 && box.minY >= 0 && box.maxX <= 800 && box.maxY <= 600)
            for other in boxes[(index + 1)...] { #expect(!box.overlaps(other)) }
        }
    }

    @Test("a town's name comes before a point of interest on the same spot, which comes before a street")
    func priority() {
        let labels = StreetLabels.place([
            Self.feature(.road, "Aleksanterinkatu", dx: 2, dy: 0), Self.feature(.poi(rank: 1), "Stockmann", dx: -20, dy: 1),
            Self.feature(.place(rank: 8), "Kluuvi", dx: 0, dy: 0),
        ], camera: Self.camera, avoiding: [])
        #expect(labels.first?.text == "Kluuvi")
        #expect(labels.count < 3)
    }

    @Test("a street's name repeats only at a distance")
    func streetRepeats() {
        let labels = StreetLabels.place([
            Self.feature(.road, "Mannerheimintie", dx: -200, dy: 0), Self.feature(.road, "Mannerheimintie", dx: -60, dy: 100),
            Self.feature(.road, "Mannerheimintie", dx: 200, dy: 0),
        ], camera: Self.camera, avoiding: [])
        #expect(labels.count == 2)
    }
}
