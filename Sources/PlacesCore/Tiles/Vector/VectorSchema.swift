/// The layer schema of a vector map, recognised from the layers its metadata names: Places has a
/// built-in style for each known one, and a plain one for the rest.
public enum VectorSchema: String, Sendable {
    /// OpenMapTiles (MapTiler, Planetiler, OpenMapTiles' own builds): `water`, `transportation`,
    /// `building`... with `class` attributes.
    case openMapTiles
    /// The Protomaps basemap (v4; GNOME Maps' offline downloads): `earth`, `roads`, `buildings`... with
    /// `kind` attributes.
    case protomaps
    /// Anything else: polygons, lines and points drawn plainly.
    case other

    public init(layers: [String]) {
        let names = Set(layers)
        if names.contains("transportation") || names.isSuperset(of: ["water", "building"]) {
            self = .openMapTiles
        } else if names.contains("roads") || names.contains("earth") || names.isSuperset(of: ["water", "buildings"]) {
            self = .protomaps
        } else {
            self = .other
        }
    }
}
