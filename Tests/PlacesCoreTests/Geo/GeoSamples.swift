import PlacesCore
import TestingSupport

/// Test data shared by the geometry suites.
enum GeoSamples {
    /// A mix of uniform points, dense "cities", exact duplicates and points on the world's edges.
    static func worldPoints(count: Int, seed: UInt64) -> [WorldPoint] {
        var random = SplitMix64(seed: seed)
        let cities = (0..<12).map { _ in
            WorldPoint(x: Double.random(in: 0.05...0.95, using: &random), y: Double.random(in: 0.2...0.8, using: &random))
        }
        var points: [WorldPoint] = []
        points.reserveCapacity(count)
        while points.count < count {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                points.append(WorldPoint(x: .random(in: 0...1, using: &random), y: .random(in: 0...1, using: &random)))
            case 4...7:
                let city = cities.randomElement(using: &random)!
                let spread = [0.02, 0.002, 0.0001].randomElement(using: &random)!
                points.append(WorldPoint(
                    x: min(max(city.x + .random(in: -spread...spread, using: &random), 0), 1),
                    y: min(max(city.y + .random(in: -spread...spread, using: &random), 0), 1)
                ))
            case 8:
                points.append(points.last ?? WorldPoint(x: 0.5, y: 0.5))
            default:
                let edge = [0.0, 1.0].randomElement(using: &random)!
                let along = Double.random(in: 0...1, using: &random)
                points.append(Bool.random(using: &random) ? WorldPoint(x: edge, y: along) : WorldPoint(x: along, y: edge))
            }
        }
        return points
    }
}

/// True when `a` and `b` differ by at most `tolerance`.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// True when the two screen points are within `tolerance` pixels on both axes.
func isClose(_ a: ScreenPoint, _ b: ScreenPoint, tolerance: Double = 1e-6) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}
