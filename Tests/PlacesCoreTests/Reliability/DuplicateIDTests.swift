@testable import PlacesCore
import Testing
import TestingSupport

/// Files whose features share ids: every place is kept under an id of its own, in time linear in the
/// number of features (`places-bench` measures the ratio to a file of distinct ids).
@Suite("Shared feature ids", .timeLimit(.minutes(5)))
struct DuplicateIDTests {
    /// The rule as the reader documents it, written the slow, obvious way.
    static func reference(_ ids: [String]) -> [String] {
        var taken = Set<String>()
        return ids.map { id in
            var candidate = id
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "\(id)~\(suffix)"
                suffix += 1
            }
            taken.insert(candidate)
            return candidate
        }
    }

    @Test("100,000 features with one id import, each under an id of its own")
    func oneSharedID() throws {
        let features = String(repeating: #"{"type":"Feature","id":"x","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}},"#, count: 100_000)
        let text = #"{"type":"FeatureCollection","features":["# + features.dropLast() + "]}"
        let result = try GeoJSONReader(source: "s", idPrefix: "").read(Array(text.utf8))
        #expect(result.places.count == 100_000)
        #expect(Set(result.places.map(\.id)).count == 100_000)
        #expect(result.places.first?.id == "x")
        #expect(result.places.last?.id == "x~100000")
    }

    @Test("ids made unique match the documented rule, for random files full of collisions", arguments: 0..<40)
    func matchesReference(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let stems = ["a", "b", "a~2", "a~3", "b~2~2", "2"]
        let ids = (0..<random.below(200)).map { _ in
            let stem = stems[random.below(stems.count)]
            return random.below(3) == 0 ? "\(stem)~\(2 + random.below(4))" : stem
        }
        var unique = UniqueIDs(expecting: ids.count)
        #expect(ids.map { unique.claim($0) } == Self.reference(ids))
    }
}
