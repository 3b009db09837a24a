/// Whether a latitude and a longitude, as a file writes them, make a position on the globe, with the
/// reason when they do not (the same words for every format).
enum CoordinateCheck {
    struct Problem: Error {
        var reason: String
    }

    /// How far past ±180 or ±90 a number may lie and still be read as the bound: floating-point noise
    /// from a projection or a reprojection (GDAL writes Natural Earth's land at 180.00000000000014),
    /// far below a millimetre (1e-9° is 0.1 mm), where a real mistake is degrees off.
    static let boundTolerance = 1e-9

    static func coordinate(latitude: Double, longitude: Double) -> Result<Coordinate, Problem> {
        guard longitude.isFinite, let longitude = clamped(longitude, to: 180) else {
            return .failure(.init(reason: tr("longitude {value} is out of range (-180...180)", ["value": "\(longitude)"])))
        }
        guard latitude.isFinite, let latitude = clamped(latitude, to: 90) else {
            return .failure(.init(reason: tr("latitude {value} is out of range (-90...90)", ["value": "\(latitude)"])))
        }
        return .success(Coordinate(latitude: latitude, longitude: longitude))
    }

    /// `value` within -`bound`...`bound`, the bound itself when it is off by no more than `boundTolerance`.
    private static func clamped(_ value: Double, to bound: Double) -> Double? {
        if (-bound...bound).contains(value) { return value }
        return abs(value) - bound <= boundTolerance ? (value < 0 ? -bound : bound) : nil
    }

    /// Reads numbers written as text ("48.8566", " -2.35 "): a missing or unreadable one is the reason.
    static func coordinate(latitude: String?, longitude: String?) -> Result<Coordinate, Problem> {
        guard let latitudeText = latitude else { return .failure(.init(reason: tr("it has no latitude"))) }
        guard let longitudeText = longitude else { return .failure(.init(reason: tr("it has no longitude"))) }
        guard let latitude = DecimalNumber.parse(latitudeText) else {
            return .failure(.init(reason: tr("latitude “{text}” is not a number", ["text": latitudeText.clipped(to: 40)])))
        }
        guard let longitude = DecimalNumber.parse(longitudeText) else {
            return .failure(.init(reason: tr("longitude “{text}” is not a number", ["text": longitudeText.clipped(to: 40)])))
        }
        return coordinate(latitude: latitude, longitude: longitude)
    }
}
