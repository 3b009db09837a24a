/// A city a person can choose as home.
public struct City: Hashable, Sendable, Codable {
    /// The city's name, e.g. "Lyon".
    public var name: String
    /// The state or province, shown only where the name alone is ambiguous in its country (e.g.
    /// "Illinois" for one of five Springfields); empty otherwise.
    public var region: String
    /// The country's name, e.g. "France".
    public var country: String
    public var coordinate: Coordinate
    /// Number of inhabitants (0 when unknown), used to rank suggestions.
    public var population: Int

    public init(name: String, region: String = "", country: String, coordinate: Coordinate, population: Int = 0) {
        self.name = name
        self.region = region
        self.country = country
        self.coordinate = coordinate
        self.population = population
    }

    /// "Lyon, France" or "Springfield, Illinois, United States": how the city is shown in
    /// the profile form, the suggestions and the card.
    public var displayName: String { [name, region, country].filter { !$0.isEmpty }.joined(separator: ", ") }

    /// "Lyon" or "Springfield, Illinois": the city as named after "from" on the card.
    public var shortName: String { region.isEmpty ? name : "\(name), \(region)" }

    private enum CodingKeys: String, CodingKey { case name, region, country, coordinate, population }

    /// Reads profiles saved before cities had a region.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        region = try container.decodeIfPresent(String.self, forKey: .region) ?? ""
        country = try container.decode(String.self, forKey: .country)
        coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
        population = try container.decode(Int.self, forKey: .population)
    }
}
