import Foundation

/// Writes numbers for people in their locale: counts and distances with the locale's digit grouping
/// ("1,234 km"; one decimal under 10 km). The formatters are made once: making one costs more than using it.
public final class LocalizedNumbers {
    private let kilometres: NumberFormatter
    private let wholeKilometres: NumberFormatter

    public init(locale: Locale) {
        func formatter(fractionDigits: Int) -> NumberFormatter {
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = .decimal
            formatter.usesGroupingSeparator = true
            formatter.minimumFractionDigits = 0
            formatter.maximumFractionDigits = fractionDigits
            return formatter
        }
        kilometres = formatter(fractionDigits: 1)
        wholeKilometres = formatter(fractionDigits: 0)
    }

    /// "1,234 km"; "9.5 km".
    public func distance(kilometres value: Double) -> String {
        let formatter = value < 10 ? kilometres : wholeKilometres
        return (formatter.string(from: NSNumber(value: value)) ?? String(Int(value.rounded()))) + " km"
    }

    /// "1,234 km from Lyon".
    public func distance(kilometres value: Double, from city: String) -> String {
        tr("{distance} from {city}", ["distance": distance(kilometres: value), "city": city])
    }

    /// "1,234": a count with the locale's digit grouping.
    public func count(_ count: Int) -> String {
        wholeKilometres.string(from: NSNumber(value: count)) ?? String(count)
    }
}
