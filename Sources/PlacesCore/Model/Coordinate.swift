import Foundation

/// A position on the Earth in degrees (WGS 84), latitude first as people say it.
public struct Coordinate: Hashable, Sendable, Codable {
    /// Degrees north of the equator, -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public var longitude: Double

    /// Creates a coordinate from degrees; no range check (see `isValid`).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when both values are finite and inside their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// Rounded to 1e-7° (about a centimetre): for a position picked on the map (with the pointer, or
    /// the map's centre), whose last digits are only the projection's floating-point noise (4.830029999999994
    /// where 4.83003 was meant), so that it shows and exports as the number it is.
    public var roundedToCentimetres: Coordinate {
        Coordinate(latitude: (latitude * 1e7).rounded() / 1e7, longitude: (longitude * 1e7).rounded() / 1e7)
    }

    /// Great-circle distance in kilometres (haversine, mean Earth radius 6371.0088 km).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0088 * asin(min(1, a.squareRoot()))
    }

    /// The initial great-circle bearing from here to `other`, degrees clockwise from north (0..<360).
    public func bearing(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLon = (other.longitude - longitude) * radians
        let y = sin(dLon) * cos(other.latitude * radians)
        let x = cos(latitude * radians) * sin(other.latitude * radians) - sin(latitude * radians) * cos(other.latitude * radians) * cos(dLon)
        let degrees = atan2(y, x) / radians
        return degrees < 0 ? degrees + 360 : degrees
    }
}
