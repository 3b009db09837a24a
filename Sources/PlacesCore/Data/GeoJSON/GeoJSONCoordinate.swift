/// Reads one GeoJSON position (`[longitude, latitude, (altitude)]`) with a reason when it is unusable.
enum GeoJSONCoordinate {
    typealias Problem = CoordinateCheck.Problem

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
        return CoordinateCheck.coordinate(latitude: latitude, longitude: longitude)
    }
}

extension GeoJSONCoordinate {
    /// The parts of a line or an area: `nesting` is 1 for a LineString's positions, 2 for a
    /// MultiLineString's lines or a Polygon's rings, 3 for a MultiPolygon's polygons (their rings
    /// become parts, in order). Each part needs `minimum` positions.
    static func parts(_ value: JSONValue?, nesting: Int, minimum: Int) -> Result<[[Coordinate]], Problem> {
        guard let value else { return .failure(Problem(reason: tr("no coordinates"))) }
        guard case .array(let elements) = value else {
            return .failure(Problem(reason: tr("coordinates are {kind}, not an array", ["kind": value.kindDescription])))
        }
        if nesting == 1 {
            var positions: [Coordinate] = []
            positions.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                switch read(element) {
                case .success(let coordinate): positions.append(coordinate)
                case .failure(let problem):
                    return .failure(Problem(reason: tr("position {number}: {reason}", ["number": String(index + 1), "reason": problem.reason])))
                }
            }
            guard positions.count >= minimum else {
                return .failure(Problem(reason: trPlural("a line needs {minimum} positions or more, found {count}",
                                                         "a line needs {minimum} positions or more, found {count}",
                                                         count: positions.count, ["minimum": String(minimum)])))
            }
            return .success([positions])
        }
        var parts: [[Coordinate]] = []
        for (index, element) in elements.enumerated() {
            switch Self.parts(element, nesting: nesting - 1, minimum: minimum) {
            case .success(let inner): parts += inner
            case .failure(let problem):
                return .failure(Problem(reason: tr("part {number}, {reason}", ["number": String(index + 1), "reason": problem.reason])))
            }
        }
        guard !parts.isEmpty else { return .failure(Problem(reason: tr("it has no positions"))) }
        return .success(parts)
    }
}
