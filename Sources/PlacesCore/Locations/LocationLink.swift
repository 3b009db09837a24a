/// A point that text names by itself: typed coordinates, a `geo:` URI, an OpenStreetMap or Google Maps
/// link, or a Plus Code. Shown as a dropped pin, never stored until the person adds it.
public struct LocationLink: Equatable, Sendable {
    public enum Form: Equatable, Sendable {
        case coordinates
        case geoURI
        case openStreetMap
        case googleMaps
        case plusCode
    }

    public var coordinate: Coordinate
    public var form: Form
    /// The map zoom the link asks for (`#map=15/…`, `15z`, `?z=15`).
    public var zoom: Double?
    /// A name the link gives the point (`geo:…?q=45.19,5.72(Bastille)`).
    public var label: String?
    /// How far the point may be off, in metres (`geo:…;u=35`).
    public var uncertainty: Double?

    public init(coordinate: Coordinate, form: Form, zoom: Double? = nil, label: String? = nil, uncertainty: Double? = nil) {
        self.coordinate = coordinate
        self.form = form
        self.zoom = zoom
        self.label = label
        self.uncertainty = uncertainty
    }
}
