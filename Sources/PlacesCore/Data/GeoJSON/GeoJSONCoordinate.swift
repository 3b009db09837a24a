/// Reads one GeoJSON position (`[longitude, latitude, (altitude)]`) with a reason when it is unusable.
enum GeoJSONCoordinate {
    struct Problem: Error {
        var reason: String
    }

    static func read(_ value: JSONValue?) -> Result<Coordinate, Problem> {
        guard let value else { return .failure(Problem(reason: "no coordinates")) }
        guard case .array(let numbers) = value else {
            return .failure(Problem(reason: "coordinates are \(value.kindDescription), not an array"))
        }
        guard numbers.count >= 2 else {
            return .failure(Problem(reason: "a position needs longitude and latitude, found \(numbers.count) value(s)"))
        }
        guard case .number(let longitude) = numbers[0] else {
            return .failure(Problem(reason: "longitude is \(numbers[0].kindDescription), not a number"))
        }
        guard case .number(let latitude) = numbers[1] else {
            return .failure(Problem(reason: "latitude is \(numbers[1].kindDescription), not a number"))
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            return .failure(Problem(reason: "longitude \(longitude) is out of range (-180...180)"))
        }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            return .failure(Problem(reason: "latitude \(latitude) is out of range (-90...90)"))
        }
        return .success(Coordinate(latitude: latitude, longitude: longitude))
    }
}
