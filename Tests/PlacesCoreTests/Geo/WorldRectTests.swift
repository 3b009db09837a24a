import PlacesCore
import Testing

@Suite("World rectangles")
struct WorldRectTests {
    private let rect = WorldRect(minX: 0.25, minY: 0.25, maxX: 0.5, maxY: 0.75)

    @Test("containment includes the edges")
    func containsEdges() {
        #expect(rect.contains(WorldPoint(x: 0.25, y: 0.75)))
        #expect(rect.contains(WorldPoint(x: 0.4, y: 0.5)))
        #expect(!rect.contains(WorldPoint(x: 0.5000001, y: 0.5)))
        #expect(!rect.contains(WorldPoint(x: .nan, y: 0.5)))
        #expect(WorldRect.world.contains(rect))
        #expect(!rect.contains(WorldRect.world))
    }

    @Test("rectangles touching at an edge intersect, separate ones do not")
    func intersection() {
        let touching = WorldRect(minX: 0.5, minY: 0, maxX: 0.6, maxY: 0.3)
        let apart = WorldRect(minX: 0.6, minY: 0, maxX: 0.7, maxY: 1)
        #expect(rect.intersects(touching))
        #expect(rect.intersection(touching) == WorldRect(minX: 0.5, minY: 0.25, maxX: 0.5, maxY: 0.3))
        #expect(!rect.intersects(apart))
        #expect(rect.intersection(apart) == nil)
    }

    @Test("the enclosing rectangle skips non-finite points and is nil for none")
    func enclosing() {
        let points = [WorldPoint(x: 0.3, y: 0.9), WorldPoint(x: .nan, y: 0), WorldPoint(x: 0.1, y: 0.2)]
        #expect(WorldRect(enclosing: points) == WorldRect(minX: 0.1, minY: 0.2, maxX: 0.3, maxY: 0.9))
        #expect(WorldRect(enclosing: []) == nil)
    }
}
