import Foundation
@testable import PlacesCore
import Testing

/// Random libraries (own places with notes, imported places with properties, favourites,
/// collections, lines, non-ASCII and markup, positions at the ends of the globe) exported in every
/// format and read back into an empty library: equal, up to what each format cannot carry (the
/// README's table "What each format keeps").
@Suite("Exports read back the same, for random libraries")
struct ExportRoundTripPropertyTests {
    /// SplitMix64: the same libraries on every run, and a failing seed can be run again.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let pieces = ["Café", "東京", "<b>bold</b>", "Tom & Jerry's", "\"quoted\"", "=SUM(A1)", "-3", "@home", "ünïcødé", "a,b;c",
                                 "ᚠᛇᚻ", "🗺️", "x\ty", "semi;colon", "Zürich", "'apostrophe", "100%", "back\\slash"]
    private static let kinds: [Category] = [.capital, .city, .airport, .station, .landmark, .other("bakery"), .other("Aire de pique-nique"), .other("")]
    private static let ends = [-90, 90, -180, 180, 0, 1e-9, -1e-9, 45.123456789012345, -0.000001]

    private func text(_ rng: inout SeededGenerator, words: ClosedRange<Int> = 1...4, lines: Bool = false) -> String {
        (0..<Int.random(in: words, using: &rng)).map { index in
            (index > 0 && lines && Bool.random(using: &rng) ? "\n" : "") + Self.pieces.randomElement(using: &rng)!
        }.joined(separator: " ").trimmedOfWhitespace
    }

    private func coordinate(_ rng: inout SeededGenerator) -> Coordinate {
        if Int.random(in: 0..<4, using: &rng) == 0 {
            return Coordinate(latitude: Self.ends.randomElement(using: &rng)!.clamped(-90, 90), longitude: Self.ends.randomElement(using: &rng)!)
        }
        return Coordinate(latitude: Double.random(in: -90...90, using: &rng), longitude: Double.random(in: -180...180, using: &rng))
    }

    /// A library: places (own ones with notes, others with a line about them and properties), and lines.
    private func library(seed: UInt64) -> (places: [ExportedPlace], shapes: [PlaceShape]) {
        var rng = SeededGenerator(state: seed)
        let collections = (0..<3).map { _ in text(&rng, words: 1...2) }
        let places = (0..<Int.random(in: 1...25, using: &rng)).map { index -> ExportedPlace in
            let own = Bool.random(using: &rng)
            var properties: [(key: String, value: String)] = []
            if !own {
                for number in 0..<Int.random(in: 0...4, using: &rng) { properties.append((key: "k_\(number)\(["", ".sub", "_ü"].randomElement(using: &rng)!)", value: text(&rng))) }
            }
            let place = Place(
                id: own ? "mine/\(index)" : "p\(index)", name: text(&rng, lines: true), category: Self.kinds.randomElement(using: &rng)!,
                coordinate: coordinate(&rng), summary: own ? "" : (Bool.random(using: &rng) ? text(&rng, words: 1...8) : ""),
                source: own ? PlaceSource.mineID : "s", properties: PlaceProperties(properties),
                notes: own && Bool.random(using: &rng) ? text(&rng, words: 1...12, lines: true) : "",
                link: Bool.random(using: &rng) ? "https://example.org/\(index)?a=1&b=<2>" : ""
            )
            let memberOf = collections.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
            return ExportedPlace(place, isFavourite: Bool.random(using: &rng), collections: memberOf)
        }
        let shapes = (0..<Int.random(in: 0...3, using: &rng)).map { index in
            let parts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in (0..<Int.random(in: 2...6, using: &rng)).map { _ in coordinate(&rng) } }
            return PlaceShape(id: "line\(index)", name: text(&rng), kind: .line, parts: parts, summary: text(&rng, words: 0...5), source: "s",
                              properties: ["k_way": text(&rng)])
        }
        return (places, shapes)
    }

    /// The places in the order the file has them: a KML document puts those in no collection first,
    /// then a Folder per first collection, in the order the places name them.
    private func fileOrder(_ places: [ExportedPlace], format: ExportFormat) -> [ExportedPlace] {
        guard format == .kml || format == .kmz else { return places }
        var folders: [String] = []
        for name in places.compactMap(\.collections.first) where !folders.contains(name) { folders.append(name) }
        return places.filter(\.collections.isEmpty) + folders.flatMap { name in places.filter { $0.collections.first == name } }
    }

    /// The line a place reads back with: its notes, or else its line about it; KML's description is
    /// HTML, where (once it holds markup: a line break, an escaped `&`, `<` or `>`) runs of white
    /// space are one space and blank lines none.
    private func expectedSummary(_ place: ExportedPlace, format: ExportFormat) -> String {
        let text = place.description
        guard format == .kml || format == .kmz, text.contains(where: { "\n&<>".contains($0) }) else { return text }
        return text.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    @Test("GeoJSON, GPX, KML, KMZ and CSV: names, kinds, positions bit for bit, notes, links, properties, favourites, collections, lines",
          arguments: ExportFormat.allCases)
    func roundTrip(format: ExportFormat) throws {
        for seed in UInt64(1)...40 {
            let (places, shapes) = library(seed: seed)
            let data = try format.data(for: places, shapes: shapes, title: "Library")
            let read = try PlaceFileReader(source: "back").read(Array(data))
            try #require(read.places.count == places.count, "seed \(seed): \(read.places.count) of \(places.count) places read back (\(read.reasons))")
            for (back, original) in zip(read.places, fileOrder(places, format: format)) {
                let place = original.place
                let context = Comment(rawValue: "seed \(seed), \(format.name), \(place.id)")
                #expect(back.name == place.name, context)
                #expect(back.category == place.category, context)
                #expect(back.coordinate == place.coordinate, context)
                #expect(back.summary == expectedSummary(original, format: format), context)
                #expect(back.link == place.link, context)
                var expected = place.properties.dictionary
                if original.isFavourite { expected["favourite"] = "true" }
                // A KML Folder reads back as the `folder` it is too.
                if format == .kml || format == .kmz, let folder = original.collections.first { expected["folder"] = folder }
                #expect(back.properties.dictionary == expected, context)
                // Collections come back as the file's lists (a KML Folder, `collections` elsewhere).
                let lists = read.groups.names.filter { read.groups.members(of: $0).contains(back.id) }
                #expect(Set(lists) == Set(original.collections), context)
            }
            if format.carriesShapes {
                #expect(read.shapes.map(\.name) == shapes.map(\.name), "seed \(seed)")
                #expect(read.shapes.map(\.parts) == shapes.map(\.parts), "seed \(seed)")
                #expect(read.shapes.map(\.summary) == shapes.map(\.summary), "seed \(seed)")
                #expect(read.shapes.map { $0.properties["k_way"] } == shapes.map { $0.properties["k_way"] }, "seed \(seed)")
            }
        }
    }
}

private extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
