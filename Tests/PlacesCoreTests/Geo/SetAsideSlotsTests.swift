@testable import PlacesCore
import Testing

/// Places set aside until their segment's next snapshot, searched near a point.
@Suite("Set-aside slots")
struct SetAsideSlotsTests {
    private static let nowhere = WorldPoint(x: .nan, y: .nan)

    @Test("a crowd in one cell: a search elsewhere looks at none of it, a search there at the number it may")
    func crowdInOneCell() {
        var slots = SetAsideSlots()
        let crowd = WorldPoint(x: 0.505, y: 0.345)
        for slot in 0..<10_000 { slots.insert(slot, at: crowd, movingFrom: Self.nowhere) }
        slots.insert(10_000, at: WorldPoint(x: 0.1, y: 0.1), movingFrom: Self.nowhere)

        var seen: [Int] = []
        slots.forEach(overlapping: WorldRect(minX: 0.09, minY: 0.09, maxX: 0.11, maxY: 0.11)) { seen.append($0) }
        #expect(seen == [10_000])

        seen = []
        slots.forEach(overlapping: WorldRect(minX: 0.5, minY: 0.34, maxX: 0.51, maxY: 0.35), upTo: 100) { seen.append($0) }
        #expect(seen.count == 100 && Set(seen).count == 100 && seen.allSatisfy { $0 < 10_000 })

        seen = []
        slots.forEach(overlapping: .world) { seen.append($0) }
        #expect(seen.sorted() == Array(0...10_000))
    }

    @Test("a slot moved or taken back is found where it is now, once")
    func movedAndRemoved() {
        var slots = SetAsideSlots()
        let here = WorldPoint(x: 0.2, y: 0.2), there = WorldPoint(x: 0.8, y: 0.8)
        slots.insert(1, at: here, movingFrom: Self.nowhere)
        slots.insert(2, at: here, movingFrom: Self.nowhere)
        let movedIsNew = slots.insert(1, at: there, movingFrom: here)
        let removed = slots.remove(2, at: here)
        #expect(!movedIsNew && removed)
        var seen: [Int] = []
        slots.forEach(overlapping: WorldRect(minX: 0.19, minY: 0.19, maxX: 0.21, maxY: 0.21)) { seen.append($0) }
        #expect(seen.isEmpty)
        slots.forEach(overlapping: WorldRect(minX: 0.79, minY: 0.79, maxX: 0.81, maxY: 0.81)) { seen.append($0) }
        #expect(seen == [1])
    }
}
