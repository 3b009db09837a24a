/// One place of the gazetteer, ready to show: a town or an airport with where it is and who lives there.
public struct GazetteerPlace: Hashable, Sendable {
    /// Its number in the gazetteer: also its identity, for as long as the same file is bundled.
    public var index: Int
    public var name: String
    /// Other names in Latin script ("Cologne" for Köln; an airport's IATA and ICAO codes and its city).
    public var alternateNames: [String]
    public var kind: Gazetteer.Kind
    /// State, province or region ("Auvergne-Rhône-Alpes"); empty when the source names none.
    public var region: String
    /// ISO 3166-1 alpha-2 ("FR").
    public var countryCode: String
    public var country: String
    public var coordinate: Coordinate
    /// 0 for airports.
    public var population: Int
    /// IANA time zone ("Europe/Paris").
    public var timeZone: String

    /// "Auvergne-Rhône-Alpes, France": what tells same-named places apart.
    public var whereAbouts: String { [region, country].filter { !$0.isEmpty }.joined(separator: ", ") }
}
