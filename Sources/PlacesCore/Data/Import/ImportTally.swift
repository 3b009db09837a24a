/// What reading a file came to, beyond the features themselves: how many places and shapes were
/// made, what was skipped and why. `places --check` reads a file into a tally alone, keeping nothing.
public struct ImportTally: Sendable {
    public var places = 0
    /// Lines made (tracks, routes, paths).
    public var lines = 0
    /// Areas made (polygons).
    public var areas = 0
    /// Features skipped because of a bad coordinate, a wrong type or similar, with `reasons`.
    public var skippedFeatures = 0
    /// Valid geometries Places does not draw (a GeoJSON GeometryCollection).
    public var skippedGeometries = 0
    /// The first reasons for skipped features ("feature 12: latitude 91.5 is out of range"), at most
    /// `maximumReasons`: the import's details list them, `--check` prints the first five.
    public var reasons: [String] = []
    /// What the reader chose that a person may want to know ("coordinates from the columns “Lat” and “Lon”").
    public var notes: [String] = []
    /// Places GNOME Maps only remembers having shown, left out of its favourites: offered after the import.
    public var recentPlacesLeftOut = 0
    /// What the file says about itself (its name, other apps' data at its level).
    public var document = SourceDocument()

    public static let maximumReasons = 100

    public init() {}

    mutating func skip(_ reason: String) {
        skippedFeatures += 1
        if reasons.count < Self.maximumReasons { reasons.append(reason) }
    }

    mutating func count(_ feature: ImportedFeature) {
        switch feature {
        case .place: places += 1
        case .shape(let shape) where shape.kind == .line: lines += 1
        case .shape: areas += 1
        }
    }

    /// "1,204 places; 2 lines; 3 features skipped".
    public var summary: String {
        var parts = [trPlural("{count} place", "{count} places", count: places)]
        if lines > 0 { parts.append(trPlural("{count} line", "{count} lines", count: lines)) }
        if areas > 0 { parts.append(trPlural("{count} area", "{count} areas", count: areas)) }
        if skippedFeatures > 0 { parts.append(trPlural("{count} feature skipped", "{count} features skipped", count: skippedFeatures)) }
        if skippedGeometries > 0 {
            parts.append(trPlural("{count} geometry collection ignored", "{count} geometry collections ignored", count: skippedGeometries))
        }
        return parts.joined(separator: "; ")
    }
}
