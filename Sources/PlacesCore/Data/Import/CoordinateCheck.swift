/// Whether a latitude and a longitude, as a file writes them, make a position on the globe, with the
/// reason when they do not (the same words for every format).
enum CoordinateCheck {
    struct Problem: Error {
        var reason: String
    }

    static func coordinate(latitude: Double, longitude: Double) -> Result<Coordinate, Problem> {
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            return .failure(.init(reason: tr("longitude {value} is out of range (-180...180)", ["value": "\(longitude)"])))
        }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            return .failure(.init(reason: tr("latitude {value} is out of range (-90...90)", ["value": "\(latitude)"])))
        }
        return .success(Coordinate(latitude: latitude, longitude: longitude))
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
