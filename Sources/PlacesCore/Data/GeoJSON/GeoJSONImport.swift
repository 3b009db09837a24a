/// What reading one GeoJSON text produced: the places, and what was skipped and why.
public struct GeoJSONImport: Sendable {
    /// The places read, in file order.
    public var places: [Place] = []
    public var tally = GeoJSONTally()

    public static let maximumReasons = GeoJSONTally.maximumReasons

    public init(places: [Place] = [], tally: GeoJSONTally = GeoJSONTally()) {
        self.places = places
        self.tally = tally
    }

    public var skippedFeatures: Int { tally.skippedFeatures }
    public var skippedGeometries: Int { tally.skippedGeometries }
    public var reasons: [String] { tally.reasons }
    public var summary: String { tally.summary }
}
