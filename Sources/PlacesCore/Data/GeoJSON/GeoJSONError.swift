/// Why a file could not be read as GeoJSON at all (individual bad features are skipped instead).
public enum GeoJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not JSON.
    case invalidJSON(JSONParseError)
    /// The JSON is not a GeoJSON object (FeatureCollection, Feature or geometry).
    case notGeoJSON(String)
    /// The file could not be opened or read.
    case unreadable(FileProblem)
    /// Reading was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .invalidJSON(let error): tr("not valid JSON: {reason}", ["reason": "\(error)"])
        case .notGeoJSON(let reason): tr("not GeoJSON: {reason}", ["reason": reason])
        case .unreadable(let problem): problem.description
        case .cancelled: tr("the import was cancelled")
        }
    }
}
