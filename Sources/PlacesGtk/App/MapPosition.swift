import PlacesCore

/// Where the map looks: a centre and a zoom level.
public struct MapPosition: Equatable, Sendable {
    /// The centre.
    public var center: Coordinate
    /// The zoom level, 0-18.
    public var zoom: Double
}
