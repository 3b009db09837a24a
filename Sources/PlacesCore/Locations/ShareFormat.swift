/// The ways a card's place can be copied for elsewhere: as coordinates, a `geo:` URI, an OpenStreetMap
/// link or a Plus Code, each read back by Places' own search.
public enum ShareFormat: CaseIterable, Sendable {
    case coordinates
    case geoURI
    case openStreetMap
    case plusCode

    /// The menu item ("Copy _geo: Link").
    public var title: String {
        switch self {
        case .coordinates: tr("Copy _Coordinates")
        case .geoURI: tr("Copy _geo: Link")
        case .openStreetMap: tr("Copy _OpenStreetMap Link")
        case .plusCode: tr("Copy _Plus Code")
        }
    }

    /// "45.18850, 5.72450", "geo:45.1885,5.7245", "https://www.openstreetmap.org/?mlat=…", "8FQ75PQF+CR".
    public func text(for coordinate: Coordinate) -> String {
        switch self {
        case .coordinates: CoordinateText.format(coordinate)
        case .geoURI: GeoURI.format(coordinate)
        case .openStreetMap: WebMapLink.openStreetMap(coordinate)
        case .plusCode: PlusCode.encode(coordinate)
        }
    }
}
