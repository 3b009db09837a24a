/// One of the eight directions a person names: "NE of Grenoble".
public enum CompassPoint: Int, CaseIterable, Sendable {
    case north, northEast, east, southEast, south, southWest, west, northWest

    /// The point a bearing (degrees clockwise from north) is nearest to.
    public init(bearing: Double) {
        let sector = Int(((bearing.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        self = CompassPoint(rawValue: sector)!
    }

    /// "NE", as the locale abbreviates it ("NO" in German, "NE" in French).
    public var abbreviation: String {
        switch self {
        case .north: trInContext("compass point", "N")
        case .northEast: trInContext("compass point", "NE")
        case .east: trInContext("compass point", "E")
        case .southEast: trInContext("compass point", "SE")
        case .south: trInContext("compass point", "S")
        case .southWest: trInContext("compass point", "SW")
        case .west: trInContext("compass point", "W")
        case .northWest: trInContext("compass point", "NW")
        }
    }
}
