import Foundation

/// How places' numbers are written for people.
public enum PlaceFormatting {
    /// "48.8584° N, 2.2945° E": four decimals, hemisphere letters instead of signs.
    public static func coordinate(_ coordinate: Coordinate) -> String {
        let lat = String(format: "%.4f° %@", abs(coordinate.latitude), coordinate.latitude < 0 ? "S" : "N")
        let lon = String(format: "%.4f° %@", abs(coordinate.longitude), coordinate.longitude < 0 ? "W" : "E")
        return "\(lat), \(lon)"
    }
}
