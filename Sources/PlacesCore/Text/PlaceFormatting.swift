import Foundation

/// How places' numbers are written for people.
public enum PlaceFormatting {
    /// "48.8584° N, 2.2945° E": four decimals, hemisphere letters instead of signs.
    public static func coordinate(_ coordinate: Coordinate) -> String {
        let lat = String(format: "%.4f", abs(coordinate.latitude)), lon = String(format: "%.4f", abs(coordinate.longitude))
        let latitude = coordinate.latitude < 0 ? tr("{degrees}° S", ["degrees": lat]) : tr("{degrees}° N", ["degrees": lat])
        let longitude = coordinate.longitude < 0 ? tr("{degrees}° W", ["degrees": lon]) : tr("{degrees}° E", ["degrees": lon])
        return "\(latitude), \(longitude)"
    }
}
