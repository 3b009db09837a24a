/// Why a file could not be read at all (individual bad features are skipped instead, with a reason).
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not JSON.
    case invalidJSON(JSONParseError)
    /// The JSON is not a GeoJSON object (FeatureCollection, Feature or geometry).
    case notGeoJSON(String)
    /// The text is not well-formed XML.
    case invalidXML(TextProblem)
    /// Well-formed perhaps, but with what Places refuses to read (a document type declaration).
    case refusedXML(TextProblem)
    /// Well-formed XML, but not a GPX or KML document as it should be.
    case notGPX(String)
    case notKML(String)
    /// A table that cannot be read as places (no header, no coordinate columns...).
    case invalidCSV(TextProblem)
    /// A KMZ (zip) archive that cannot be opened, holds no KML, or would unpack too large.
    case invalidKMZ(String)
    /// The content is none of the formats Places reads.
    case unknownFormat(String)
    /// The file could not be opened or read.
    case unreadable(FileProblem)
    /// Keeping the places the file holds (about `places`, from the part read) would take more memory
    /// than the system has free.
    case tooManyPlaces(places: Int, needed: Int64, free: Int64)
    case cancelled

    public var description: String {
        switch self {
        case .invalidJSON(let error): tr("not valid JSON: {reason}", ["reason": "\(error)"])
        case .notGeoJSON(let reason): tr("not GeoJSON: {reason}", ["reason": reason])
        case .invalidXML(let problem): tr("not valid XML: {reason}", ["reason": "\(problem)"])
        case .refusedXML(let problem): tr("not read: {reason}", ["reason": "\(problem)"])
        case .notGPX(let reason): tr("not GPX: {reason}", ["reason": reason])
        case .notKML(let reason): tr("not KML: {reason}", ["reason": reason])
        case .invalidCSV(let problem): tr("not a table of places: {reason}", ["reason": "\(problem)"])
        case .invalidKMZ(let reason): tr("not a KMZ archive Places can open: {reason}", ["reason": reason])
        case .unknownFormat(let reason): reason
        case .unreadable(let problem): problem.description
        case .tooManyPlaces(let places, let needed, let free):
            tr("it holds about {count} places, which need about {needed} of memory, and {free} is free",
               ["count": places.formatted(), "needed": FileProblem.size(needed), "free": FileProblem.size(free)])
        case .cancelled: tr("the import was cancelled")
        }
    }
}
