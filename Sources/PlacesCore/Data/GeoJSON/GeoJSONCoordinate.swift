/// Reads one GeoJSON position (`[longitude, latitude, (altitude)]`) with a reason when it is unusable.
enum GeoJSONCoordinate {
    struct Problem: Error {
        var reason: String
    }

    static func read(_ value: JSONValue?) -> Result<Coordinate, Problem> {
        guard let value else { return .failure(Problem(reason: tr("no coordinates"))) }
        guard case .array(let numbers) = value else {
            return .failure(Problem(reason: tr("coordinates are {kind}, not an array", ["kind": value.kindDescription])))
        }
        guard numbers.count >= 2 else {
            return .failure(Problem(reason: trPlural("a position needs longitude and latitude, found {count} value", "a position needs longitude and latitude, found {count} values", count: numbers.count)))
        }
        guard case .number(let longitude) = numbers[0] else {
            return .failure(Problem(reason: tr("longitude is {kind}, not a number", ["kind": numbers[0].kindDescription])))
        }
        guard case .number(let latitude) = numbers[1] else {
            return .failure(Problem(reason: tr("latitude is {kind}, not a number", ["kind": numbers[1].kindDescription])))
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            return .failure(Problem(reason: tr("longitude {value} is out of range (-180...180)", ["value": "\(longitude)"])))
        }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            return .failure(Problem(reason: tr("latitude {value} is out of range (-90...90)", ["value": "\(latitude)"])))
        }
        return .success(Coordinate(latitude: latitude, longitude: longitude))
    }
}
