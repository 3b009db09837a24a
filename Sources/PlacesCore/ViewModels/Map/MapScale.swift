import Foundation

/// The map's scale bar: a round distance (1, 2 or 5 times a power of ten) and how many pixels it
/// spans at the view's centre, in the person's unit ("500 km", "200 m"; "100 mi", "500 ft").
public struct MapScale: Equatable, Sendable {
    /// The bar's length in canvas pixels.
    public var width: Double
    public var label: String

    /// Longest bar, in pixels.
    static let maximumWidth = 100.0
    private static let metresPerWorld = 40_075_016.686  // the equator's length: the Mercator world's width
    private static let metresPerFoot = 0.3048
    private static let feetPerMile = 5280.0

    /// The bar for `camera` in `unit`; nil for a view with no width.
    public static func at(_ camera: Camera, unit: DistanceUnit, numbers: LocalizedNumbers) -> MapScale? {
        let latitude = camera.center.latitude * .pi / 180
        let metresPerPixel = Self.metresPerWorld * cos(latitude) / camera.worldPixelSize
        guard metresPerPixel.isFinite, metresPerPixel > 0, camera.viewport.width > 0 else { return nil }
        let longest = metresPerPixel * maximumWidth
        switch unit {
        case .kilometres:
            if longest >= 1000 {
                let kilometres = round(below: longest / 1000)
                return MapScale(width: kilometres * 1000 / metresPerPixel, label: tr("{distance} km", ["distance": numbers.count(Int(kilometres))]))
            }
            let metres = round(below: longest)
            return MapScale(width: metres / metresPerPixel, label: tr("{distance} m", ["distance": numbers.count(Int(metres))]))
        case .miles:
            let feet = longest / metresPerFoot
            if feet >= feetPerMile {
                let miles = round(below: feet / feetPerMile)
                return MapScale(width: miles * feetPerMile * metresPerFoot / metresPerPixel, label: tr("{distance} mi", ["distance": numbers.count(Int(miles))]))
            }
            let shown = round(below: feet)
            return MapScale(width: shown * metresPerFoot / metresPerPixel, label: tr("{distance} ft", ["distance": numbers.count(Int(shown))]))
        }
    }

    /// The largest 1, 2 or 5 times a power of ten not above `value` (at least 1).
    private static func round(below value: Double) -> Double {
        guard value >= 1 else { return 1 }
        let power = pow(10, floor(log10(value)))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= value } ?? power
    }
}
