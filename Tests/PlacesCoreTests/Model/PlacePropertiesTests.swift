import PlacesCore
import Testing
import TestingSupport

/// The properties a file gave a place, kept in one buffer for export.
@Suite("Place properties")
struct PlacePropertiesTests {
    @Test("they read back as given, sorted by key, whatever the order they came in")
    func readBack() {
        let properties = PlaceProperties([(key: "ele", value: "320"), (key: "addr.street", value: "Rue de Rivoli"), (key: "Name", value: "x")])

        #expect(properties.map(\.key) == ["Name", "addr.street", "ele"])
        #expect(properties["addr.street"] == "Rue de Rivoli")
        #expect(properties["missing"] == nil)
        #expect(properties.count == 3)
        #expect(properties == ["ele": "320", "Name": "x", "addr.street": "Rue de Rivoli"])
        #expect(properties.dictionary == ["ele": "320", "Name": "x", "addr.street": "Rue de Rivoli"])
    }

    @Test("of two values under one key, the first is kept")
    func firstOfTwoKept() {
        let properties = PlaceProperties([(key: "a", value: "1"), (key: "b", value: "2"), (key: "a", value: "3")])
        #expect(properties.count == 2)
        #expect(properties["a"] == "1")
    }

    @Test("empty keys and values, long values, and any text survive", arguments: [0, 1, 127, 128, 16_383, 16_384, 300_000])
    func lengths(length: Int) {
        let long = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
        let properties = PlaceProperties([(key: "", value: long), (key: long, value: ""), (key: "東京 🗼", value: "\u{0}\n\"")])
        #expect(properties[""] == long)
        #expect(properties[long] == "")
        #expect(properties["東京 🗼"] == "\u{0}\n\"")
    }

    @Test("places written one after another, with keys that come and go, each read back their own")
    func keysSharedWithThePlaceBefore() {
        // Keys that are prefixes of each other, sort between the last place's, or are new.
        let keys = ["a", "ab", "abc", "b", "contact.email", "contact.phone", "é", "name", ""]
        var generator = SplitMix64(seed: 35)
        var written: [(pairs: [String: String], properties: PlaceProperties)] = []
        for place in 0..<2_000 {
            var pairs: [String: String] = [:]
            for key in keys where Bool.random(using: &generator) { pairs[key] = "\(key)=\(place)" }
            written.append((pairs, PlaceProperties(pairs.shuffled(using: &generator).map { (key: $0.key, value: $0.value) })))
        }
        for (pairs, properties) in written {
            #expect(properties.dictionary == pairs)
            #expect(properties.map(\.key) == pairs.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
    }

    @Test("equal properties hash alike, and a place compares by them")
    func hashing() {
        let first = PlaceProperties([(key: "a", value: "1"), (key: "b", value: "2")])
        let second = PlaceProperties([(key: "b", value: "2"), (key: "a", value: "1")])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != ["a": "1"])
        #expect(PlaceProperties().isEmpty)
    }
}
