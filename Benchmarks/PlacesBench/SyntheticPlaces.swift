import PlacesCore
import TestingSupport

/// Realistic places from a seeded generator: names built from syllables, about a fifth with diacritics
/// ("Zürich", "São"), known and unknown categories, summaries of about eight words, four sources.
enum SyntheticPlaces {
    /// The bundled source and three imported files.
    static let sources: [PlaceSource] = [
        .bundled,
        PlaceSource(id: "import-hikes", title: "hikes.geojson", path: "/home/ana/hikes.geojson"),
        PlaceSource(id: "import-cafes", title: "cafés-lisboa.geojson", path: "/home/ana/cafés-lisboa.geojson"),
        PlaceSource(id: "import-trip", title: "trip-2024.geojson", path: "/home/ana/trip-2024.geojson"),
    ]

    private static let syllables = [
        "san", "jo", "se", "ma", "ri", "ta", "lo", "ber", "lin", "ko", "ka", "do", "na", "ven", "mar", "tin",
        "bo", "go", "ha", "burg", "dal", "gen", "ham", "ton", "ba", "de", "ne", "sa", "vi", "la", "po", "ran",
        "zü", "rich", "são", "pau", "mé", "ña", "vík", "ø", "kö", "ln", "ça", "é", "ü", "á",
    ]
    private static let asciiSyllableCount = 32
    private static let prefixes = ["San", "Santa", "São", "Saint", "Port", "Bad", "Nueva", "Lake", "Mount", "Old"]
    private static let suffixes = ["ville", "burg", "-sur-Mer", " Junction", " Heights", " Bay", "stad", " do Sul"]
    private static let categories = [
        "capital", "city", "town", "airport", "station", "landmark", "viewpoint", "museum", "cafe", "park",
        "trailhead", "bakery", "hotel", "beach",
    ]
    private static let words = [
        "quiet", "harbour", "town", "known", "for", "its", "old", "stone", "bridges", "busy", "market", "square",
        "with", "a", "cathedral", "and", "narrow", "streets", "near", "the", "river", "mouth", "small", "airfield",
        "serving", "northern", "valleys", "historic", "centre", "on", "hill", "above", "lake", "popular", "among",
        "hikers", "in", "summer", "fishing", "village", "famous", "pastries", "coffee", "roasted", "every", "morning",
        "research", "station", "coast", "view", "of", "mountains", "ruins", "roman", "fort", "jazz", "festival",
        "café", "près", "de", "la", "plage", "über", "dem", "tal",
    ]

    /// `count` places; the same every run for the same `seed`.
    static func make(count: Int, seed: UInt64) -> [Place] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let source = random.chance(0.6) ? sources[0] : random.pick(Array(sources.dropFirst()))
            return Place(
                id: "\(source.id)/\(index)",
                name: name(&random),
                category: Category(rawValue: random.pick(categories)),
                coordinate: Coordinate(
                    latitude: .random(in: -60...70, using: &random), longitude: .random(in: -180...180, using: &random)),
                summary: summary(&random),
                source: source.id
            )
        }
    }

    private static func name(_ random: inout SplitMix64) -> String {
        var parts: [String] = []
        if random.chance(0.15) { parts.append(random.pick(prefixes)) }
        for _ in 0..<(random.chance(0.25) ? 2 : 1) { parts.append(word(&random)) }
        var name = parts.joined(separator: " ")
        if random.chance(0.2) { name += random.pick(suffixes) }
        return name
    }

    /// Two or three syllables, capitalized; about one word in six has a non-ASCII syllable.
    private static func word(_ random: inout SplitMix64) -> String {
        let accented = random.chance(0.15)
        var text = ""
        for position in 0..<Int.random(in: 2...3, using: &random) {
            let pool = accented && position == 1 ? syllables.count : asciiSyllableCount
            text += syllables[Int.random(in: 0..<pool, using: &random)]
        }
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    private static func summary(_ random: inout SplitMix64) -> String {
        let text = (0..<Int.random(in: 6...10, using: &random)).map { _ in random.pick(words) }.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
