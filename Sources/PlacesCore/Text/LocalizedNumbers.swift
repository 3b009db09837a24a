import Foundation

/// Writes numbers for people in their locale: counts and distances with the locale's digit grouping
/// ("1,234 km"; one decimal under 10). The formatters are made once: making one costs more than using it.
public final class LocalizedNumbers {
    public let locale: Locale
    private let kilometres: NumberFormatter
    private let wholeKilometres: NumberFormatter
    private let oneDecimal: NumberFormatter

    public init(locale: Locale) {
        self.locale = locale
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
        oneDecimal = formatter(fractionDigits: 1)
        oneDecimal.minimumFractionDigits = 1
    }

    /// "1,234 km", "9.5 km"; in miles "767 mi", "5.9 mi".
    public func distance(kilometres value: Double, in unit: DistanceUnit = .kilometres) -> String {
        let shown = unit == .miles ? value / DistanceUnit.kilometresPerMile : value
        let formatter = shown < 10 ? kilometres : wholeKilometres
        let number = formatter.string(from: NSNumber(value: shown)) ?? String(Int(shown.rounded()))
        return unit == .miles ? tr("{distance} mi", ["distance": number]) : tr("{distance} km", ["distance": number])
    }

    /// "20 m", "66 ft" under a kilometre (or a mile); beyond, as `distance(kilometres:in:)` writes it.
    public func distance(metres value: Double, in unit: DistanceUnit = .kilometres) -> String {
        let kilometres = value / 1000
        if unit == .miles, kilometres < DistanceUnit.kilometresPerMile {
            return tr("{distance} ft", ["distance": count(Int((value * 3.28084).rounded()))])
        }
        if unit == .kilometres, value < 1000 { return tr("{distance} m", ["distance": count(Int(value.rounded()))]) }
        return distance(kilometres: kilometres, in: unit)
    }

    /// "1,234 km from Lyon".
    public func distance(kilometres value: Double, in unit: DistanceUnit = .kilometres, from city: String) -> String {
        tr("{distance} from {city}", ["distance": distance(kilometres: value, in: unit), "city": city])
    }

    /// "9.9", "9,9", "1,0": a number with one decimal, as the locale writes it.
    public func oneDecimal(_ value: Double) -> String {
        oneDecimal.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// "1,234": a count with the locale's digit grouping.
    public func count(_ count: Int) -> String {
        wholeKilometres.string(from: NSNumber(value: count)) ?? String(count)
    }
}
