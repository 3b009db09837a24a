/// What reading a file came to, beyond the places themselves: how many were made, what was skipped
/// and why. `places --check` reads a file into a tally alone, keeping no place.
public struct GeoJSONTally: Sendable {
    /// Places made.
    public var places = 0
    /// Features skipped because of a bad coordinate, a wrong type or similar, with `reasons`.
    public var skippedFeatures = 0
    /// Geometries that are not points (LineString, Polygon...): valid, but not places.
    public var skippedGeometries = 0
    /// The first reasons for skipped features ("feature 12: latitude 91.5 is out of range"), at most
    /// `maximumReasons`: the import's details list them, `--check` prints the first five.
    public var reasons: [String] = []

    public static let maximumReasons = 100

    public init() {}

    mutating func skip(_ reason: String) {
        skippedFeatures += 1
        if reasons.count < Self.maximumReasons { reasons.append(reason) }
    }

    /// "1,204 places; 3 features skipped; 2 non-point geometries ignored".
    public var summary: String {
        var parts = [trPlural("{count} place", "{count} places", count: places)]
        if skippedFeatures > 0 { parts.append(trPlural("{count} feature skipped", "{count} features skipped", count: skippedFeatures)) }
        if skippedGeometries > 0 {
            parts.append(trPlural("{count} non-point geometry ignored", "{count} non-point geometries ignored", count: skippedGeometries))
        }
        return parts.joined(separator: "; ")
    }
}
