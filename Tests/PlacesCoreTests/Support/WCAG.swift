import Foundation
import PlacesCore

/// WCAG 2's measures of colour, for the palettes' tests.
enum WCAG {
    /// The relative luminance of an sRGB colour.
    static func luminance(_ colour: RGB) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
    }

    /// The contrast ratio of two colours, 1 to 21.
    static func contrast(_ a: RGB, _ b: RGB) -> Double {
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }
}
