/// The town nearest a point, and how to go from it to the point: "12 km NE of Grenoble".
public struct NearestTown: Equatable, Sendable {
    public var town: GazetteerPlace
    public var kilometres: Double
    /// From the town to the point, degrees clockwise from north.
    public var bearing: Double

    public var compassPoint: CompassPoint { CompassPoint(bearing: bearing) }
}

extension Gazetteer {
    /// The nearest town of 500 people or more (airports are not towns); nil for an empty gazetteer.
    public func nearestTown(to point: Coordinate) -> NearestTown? {
        guard let found = townGrid.nearest(to: point, coordinate: coordinate(of:)) else { return nil }
        let town = place(found.place)
        return NearestTown(town: town, kilometres: found.kilometres, bearing: town.coordinate.bearing(to: point))
    }
}
