import Foundation

/// A realistic GeoJSON FeatureCollection from a seeded generator: one Point feature per line, each with
/// 8–9 properties of mixed types (name, description, amenity, opening hours, numbers, booleans, null, an
/// array, a nested address, nested contact details), some ids numeric and some strings, a few names with
/// escapes or diacritics: about 380 bytes a feature, as OpenStreetMap extracts carry.
public enum SyntheticGeoJSON {
    private static let amenities = ["cafe", "restaurant", "bakery", "museum", "viewpoint", "pharmacy", "library", "bar", "hotel", "park"]
    private static let nameWords = [
        "Rosa", "Central", "Zürich", "São Bento", "Église", "Mühle", "Bäckerei", "Old Town", "Harbour", "Blue",
        "Kraków", "Golden", "Lion", "Plaza", "Málaga", "Corner", "Station", "Garden", "Ørsted", "Nord",
    ]
    private static let descriptionWords = [
        "small", "family", "run", "since", "1920", "with", "terrace", "and", "river", "view", "open", "late",
        "near", "the", "market", "free", "wifi", "quiet", "courtyard", "café", "près", "du", "port",
    ]
    private static let streets = ["Hauptstraße", "Rua Augusta", "High Street", "Calle Mayor", "Rue de Rivoli", "Main St"]

    /// The UTF-8 text of a collection of `count` features; the same every run for the same `seed`.
    public static func make(count: Int, seed: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 400)
        write(count: count, seed: seed) { bytes += $0.utf8 }
        return bytes
    }

    /// Writes the same text as `make` to `url`, a piece at a time (a million features are 400 MB).
    public static func write(count: Int, seed: UInt64, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        var piece = ""
        var failure: (any Error)?
        write(count: count, seed: seed) { text in
            piece += text
            guard piece.utf8.count > 1 << 20, failure == nil else { return }
            do { try file.write(contentsOf: Data(piece.utf8)) } catch { failure = error }
            piece = ""
        }
        if let failure { throw failure }
        try file.write(contentsOf: Data(piece.utf8))
    }

    private static func write(count: Int, seed: UInt64, _ out: (String) -> Void) {
        var random = SplitMix64(seed: seed)
        out("{\"type\":\"FeatureCollection\",\"features\":[\n")
        for number in 0..<count {
            if number > 0 { out(",\n") }
            out(feature(number, &random))
        }
        out("\n]}\n")
    }

    private static func feature(_ number: Int, _ random: inout SplitMix64) -> String {
        var text = "{\"type\":\"Feature\","
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: text += "\"id\":\(100_000 + number),"
        case 5..<8: text += "\"id\":\"node/\(number)\","
        default: break
        }
        let longitude = Double(Int.random(in: -1_800_000...1_800_000, using: &random)) / 10_000
        let latitude = Double(Int.random(in: -850_000...850_000, using: &random)) / 10_000
        text += "\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(longitude),\(latitude)]},\"properties\":{"
        let number = Int.random(in: 100...999, using: &random)
        var properties = [
            "\"name\":\"\(name(&random))\"",
            "\"amenity\":\"\(random.pick(amenities))\"",
            "\"opening_hours\":\"\(random.pick(["Mo-Fr 08:00-18:00", "Mo-Sa 09:00-19:30; Su 10:00-16:00", "24/7"]))\"",
            "\"contact\":{\"phone\":\"+33 1 42 \(number) \(number % 100)\",\"email\":\"info\(number)@example.org\",\"website\":\"https://example.org/places/\(number)\"}",
        ]
        let optional: [(inout SplitMix64) -> String] = [
            { random in
                let words = (0..<Int.random(in: 2...4, using: &random)).map { _ in random.pick(descriptionWords) }
                return "\"description\":\"\(words.joined(separator: " "))\""
            },
            { random in "\"capacity\":\(Int.random(in: 4...400, using: &random))" },
            { random in "\"wheelchair\":\(random.chance(0.6))" },
            { random in "\"rating\":\(Double(Int.random(in: 10...50, using: &random)) / 10)" },
            { random in "\"ele\":\(Int.random(in: -20...3000, using: &random))" },
            { _ in "\"note\":null" },
            { random in "\"tags\":[\"\(random.pick(amenities))\"]" },
            { random in "\"addr\":{\"street\":\"\(random.pick(streets))\",\"no\":\(Int.random(in: 1...200, using: &random))}" },
        ]
        var order = Array(optional.indices)
        order.shuffle(using: &random)
        for index in order.prefix(Int.random(in: 4...5, using: &random)) {
            properties.append(optional[index](&random))
        }
        text += properties.joined(separator: ",") + "}}"
        return text
    }

    /// One or two words; about one name in fifty has an escaped quote or a \u escape.
    private static func name(_ random: inout SplitMix64) -> String {
        var name = random.pick(nameWords)
        if random.chance(0.4) { name += " " + random.pick(nameWords) }
        if random.chance(0.01) { name += " \\\"Chez Paul\\\"" }
        if random.chance(0.01) { name += " Caf\\u00e9" }
        return name
    }
}
