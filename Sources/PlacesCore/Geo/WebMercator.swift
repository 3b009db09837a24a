import Foundation

/// The spherical Web-Mercator projection (EPSG:3857) used by slippy-map tiles, in normalized units.
public enum WebMercator {
    /// The latitude (degrees) at which the projected world becomes square; latitudes beyond are clamped.
    public static let maxLatitude = 85.05112878

    /// The edge length of one map tile in pixels; the world is `tileSize * 2^zoom` pixels wide.
    public static let tileSize = 256.0

    /// Projects a coordinate to world units. Latitude is clamped to ±`maxLatitude`; longitude is mapped
    /// linearly (-180 → 0, 180 → 1) and not wrapped, so longitudes outside ±180 land outside 0...1.
    public static func project(_ coordinate: Coordinate) -> WorldPoint {
        let latitude = min(max(coordinate.latitude, -maxLatitude), maxLatitude)
        let phi = latitude * .pi / 180
        let x = (coordinate.longitude + 180) / 360
        let y = 0.5 - log(tan(.pi / 4 + phi / 2)) / (2 * .pi)
        return WorldPoint(x: x, y: y)
    }

    /// The coordinate at a world point (inverse of `project` for latitudes within ±`maxLatitude`).
    /// No clamping: world points outside the unit square give longitudes outside ±180 and latitudes
    /// beyond ±`maxLatitude`.
    public static func unproject(_ point: WorldPoint) -> Coordinate {
        let longitude = point.x * 360 - 180
        let latitude = atan(sinh(.pi * (1 - 2 * point.y))) * 180 / .pi
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
