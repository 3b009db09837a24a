/// A city a person can choose as home.
public struct City: Hashable, Sendable, Codable {
    /// The city's name, e.g. "Lyon".
    public var name: String
    /// The country's name, e.g. "France".
    public var country: String
    public var coordinate: Coordinate
    /// Number of inhabitants (0 when unknown), used to rank suggestions.
    public var population: Int

    public init(name: String, country: String, coordinate: Coordinate, population: Int = 0) {
        self.name = name
        self.country = country
        self.coordinate = coordinate
        self.population = population
    }

    /// "Lyon, France" — how the city is shown in the profile form and suggestions.
    public var displayName: String { country.isEmpty ? name : "\(name), \(country)" }
}
