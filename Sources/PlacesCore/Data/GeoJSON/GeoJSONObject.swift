/// The members of one GeoJSON object that the reader looks at — the top level, a feature or a
/// geometry — as read in one pass, whatever their order in the file.
struct GeoJSONObject {
    /// A member that should hold an object (or null).
    enum Member<Value> {
        case absent
        case null
        case value(Value)
        /// It holds something else: its kind, for the message.
        case other(JSONKind)
    }

    /// The `"type"` when it is a string.
    var type: String?
    /// The `"id"` as text, when it is a string, a number or a boolean.
    var id: String?
    /// Whether the properties were an object (read into the walker's buffer), null, or what instead.
    var properties: Member<Void> = .absent
    var geometry: Member<Geometry> = .absent
    var coordinates: JSONValue?
    /// A MultiPoint's positions when its `"type"` came before them (as every common writer puts it):
    /// read one at a time, so that a file holding one MultiPoint of millions of positions never
    /// becomes a tree of values.
    var points: Positions?
    /// Whether `"features"` was an array (already read, feature by feature), or what it was instead.
    var features: Member<Void> = .absent

    /// A geometry's type and positions.
    struct Geometry {
        var type: String?
        var coordinates: JSONValue?
        var points: Positions?
    }

    /// A MultiPoint's positions as they were read: the usable ones (none kept by a check, which only
    /// counts them), how many there were, and the first reasons some were not usable.
    struct Positions {
        var coordinates: [Coordinate] = []
        var usable = 0
        /// The numbers (from 1) of the unusable positions: the usable ones keep their numbers in ids.
        var unusable: [Int32] = []
        /// Why the first `ImportTally.maximumReasons` unusable positions are.
        var problems: [GeoJSONCoordinate.Problem] = []
    }
}
