import Foundation

/// The bundled cities, searchable by the start of their name for the home-city type-ahead; once the
/// gazetteer is read, every town of it as well (after the bundled cities, which come first).
public struct CityDirectory: Sendable {
    /// All cities, most populous first.
    public let cities: [City]
    private let keys: [SearchKey]
    private let displayKeys: [SearchKey]
    private var gazetteer: Gazetteer?

    /// Indexes `cities` (sorted here by population, descending). A city keeps its region only where
    /// another city of its country has the same name, so that "Lyon, France" stays short and the five
    /// Springfields of the United States read apart.
    public init(_ cities: [City]) {
        var sorted = cities.sorted { $0.population != $1.population ? $0.population > $1.population : $0.name < $1.name }
        var namesakes: [String: Int] = [:]
        for city in sorted { namesakes[Self.namesakeKey(city), default: 0] += 1 }
        for index in sorted.indices where namesakes[Self.namesakeKey(sorted[index])] == 1 { sorted[index].region = "" }
        self.cities = sorted
        keys = sorted.map { SearchKey($0.name) }
        displayKeys = sorted.map { SearchKey($0.displayName) }
    }

    /// The same cities, and the towns of `gazetteer` after them.
    public func adding(_ gazetteer: Gazetteer) -> CityDirectory {
        var directory = self
        directory.gazetteer = gazetteer
        return directory
    }

    /// Up to `limit` cities whose name (or "name, country") starts with `text`, ignoring case and
    /// diacritics, most populous first; then the gazetteer's towns the words name ("grenoble", "zurik").
    public func suggestions(for text: String, limit: Int = 8) -> [City] {
        let query = SearchKey(text.trimmingCharacters(in: .whitespaces))
        guard !query.bytes.isEmpty else { return [] }
        var found: [City] = []
        for index in cities.indices where keys[index].hasPrefix(query) || displayKeys[index].hasPrefix(query) {
            found.append(cities[index])
            if found.count == limit { break }
        }
        // A bundled city is the gazetteer's town of the same folded name nearby ("Sao Paulo" and "São Paulo":
        // the two sources spell names and regions differently).
        for town in towns(for: text, limit: limit * 2) where found.count < limit {
            let name = SearchKey(town.name)
            if !found.contains(where: { SearchKey($0.name) == name && $0.coordinate.distance(to: town.coordinate) < 25 }) {
                found.append(town)
            }
        }
        return found
    }

    /// The gazetteer's towns for `text`, best first, each with its region.
    private func towns(for text: String, limit: Int) -> [City] {
        guard let gazetteer else { return [] }
        return gazetteer.search(text, limit: limit).map { gazetteer.place($0.place) }.filter { $0.kind == .town }.map {
            City(name: $0.name, region: $0.region, country: $0.country, coordinate: $0.coordinate, population: $0.population)
        }
    }

    private static func namesakeKey(_ city: City) -> String { "\(city.name)\t\(city.country)" }

    /// The city whose name as shown ("Lyon, France", "Springfield, Illinois, United States")
    /// or unique name equals `text` (ignoring case and diacritics).
    public func city(named text: String) -> City? {
        let query = SearchKey(text.trimmingCharacters(in: .whitespaces))
        guard !query.bytes.isEmpty else { return nil }
        if let index = displayKeys.firstIndex(of: query) { return cities[index] }
        if let index = keys.firstIndex(of: query) {
            return keys[(index + 1)...].contains(query) ? nil : cities[index]
        }
        return towns(for: text, limit: 20).first { SearchKey($0.displayName) == query }
    }
}
