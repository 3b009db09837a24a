import Foundation

/// The bundled cities, searchable by the start of their name for the home-city type-ahead.
public struct CityDirectory: Sendable {
    /// All cities, most populous first.
    public let cities: [City]
    private let keys: [SearchKey]
    private let displayKeys: [SearchKey]

    /// Indexes `cities` (sorted here by population, descending).
    public init(_ cities: [City]) {
        let sorted = cities.sorted { $0.population != $1.population ? $0.population > $1.population : $0.name < $1.name }
        self.cities = sorted
        keys = sorted.map { SearchKey($0.name) }
        displayKeys = sorted.map { SearchKey($0.displayName) }
    }

    /// Up to `limit` cities whose name (or "name, country") starts with `text`, ignoring case and
    /// diacritics, most populous first.
    public func suggestions(for text: String, limit: Int = 8) -> [City] {
        let query = SearchKey(text.trimmingCharacters(in: .whitespaces))
        guard !query.bytes.isEmpty else { return [] }
        var found: [City] = []
        for index in cities.indices where keys[index].hasPrefix(query) || displayKeys[index].hasPrefix(query) {
            found.append(cities[index])
            if found.count == limit { break }
        }
        return found
    }

    /// The city whose "name, country" or unique name equals `text` (ignoring case and diacritics).
    public func city(named text: String) -> City? {
        let query = SearchKey(text.trimmingCharacters(in: .whitespaces))
        guard !query.bytes.isEmpty else { return nil }
        if let index = displayKeys.firstIndex(of: query) { return cities[index] }
        guard let index = keys.firstIndex(of: query), !keys[(index + 1)...].contains(query) else { return nil }
        return cities[index]
    }
}
