/// What reading one GeoJSON text produced: the places, and what was skipped and why.
public struct GeoJSONImport: Sendable {
    /// The places read, in file order.
    public var places: [Place] = []
    /// Features skipped because of a bad coordinate, a wrong type or similar, with `reasons`.
    public var skippedFeatures = 0
    /// Geometries that are not points (LineString, Polygon...): valid, but not places.
    public var skippedGeometries = 0
    /// The first reasons for skipped features ("feature 12: latitude 91.5 is out of range"), at most
    /// `maximumReasons`: the import's details list them, `--check` prints the first five.
    public var reasons: [String] = []

    public static let maximumReasons = 100

    mutating func skip(_ reason: String) {
        skippedFeatures += 1
        if reasons.count < Self.maximumReasons { reasons.append(reason) }
    }

    /// "1,204 places; 3 features skipped; 2 non-point geometries ignored".
    public var summary: String {
        var parts = [trPlural("{count} place", "{count} places", count: places.count)]
        if skippedFeatures > 0 { parts.append(trPlural("{count} feature skipped", "{count} features skipped", count: skippedFeatures)) }
        if skippedGeometries > 0 {
            parts.append(trPlural("{count} non-point geometry ignored", "{count} non-point geometries ignored", count: skippedGeometries))
        }
        return parts.joined(separator: "; ")
    }
}
