/// What the person told the app about themselves.
public struct Profile: Hashable, Sendable, Codable {
    /// The name they go by (1-80 characters once trimmed), empty before they set it.
    public var name: String
    /// Their home city, from which distances are measured.
    public var homeCity: City?
    /// The unit they chose for distances; nil: the locale's.
    public var distanceUnit: DistanceUnit?

    public init(name: String = "", homeCity: City? = nil, distanceUnit: DistanceUnit? = nil) {
        self.name = name
        self.homeCity = homeCity
        self.distanceUnit = distanceUnit
    }
}
