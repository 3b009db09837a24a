import Foundation

/// How places' numbers are written for people.
public enum PlaceFormatting {
    /// "48.8584° N, 2.2945° E": four decimals, hemisphere letters instead of signs.
    public static func coordinate(_ coordinate: Coordinate) -> String {
        let lat = String(format: "%.4f° %@", abs(coordinate.latitude), coordinate.latitude < 0 ? "S" : "N")
        let lon = String(format: "%.4f° %@", abs(coordinate.longitude), coordinate.longitude < 0 ? "W" : "E")
        return "\(lat), \(lon)"
    }

    /// "1,234 km from Lyon" with the locale's digit grouping; one decimal under 10 km.
    public static func distance(kilometres: Double, from city: String, locale: Locale) -> String {
        "\(distance(kilometres: kilometres, locale: locale)) from \(city)"
    }

    /// "1,234 km" with the locale's digit grouping; one decimal under 10 km.
    public static func distance(kilometres: Double, locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.maximumFractionDigits = kilometres < 10 ? 1 : 0
        formatter.minimumFractionDigits = 0
        let number = formatter.string(from: NSNumber(value: kilometres)) ?? String(Int(kilometres.rounded()))
        return "\(number) km"
    }
}
