/// Why a link or text meant as a point cannot be shown, in words for the person who pasted it.
public enum LocationLinkProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Coordinates out of range, or minutes and seconds of 60 or more.
    case coordinates(CoordinateText.Problem)
    /// A `geo:` URI whose coordinates are not two or three numbers.
    case geoCoordinates(String)
    /// A `geo:` URI in another coordinate system than WGS 84 (`crs=`).
    case geoSystem(String)
    /// A web map link that holds no position (a search, a route, a short link).
    case noPosition(String)
    case plusCodeOutsideTheWorld(String)

    public var description: String {
        switch self {
        case .coordinates(let problem): problem.description
        case .geoCoordinates(let link): tr("“{link}” is not a location: a geo: link starts with a latitude and a longitude, such as geo:48.8584,2.2945.", ["link": link.clipped(to: 80)])
        case .geoSystem(let system): tr("This geo: link uses the coordinate system “{system}”; Places reads WGS 84 ones, as GPS gives them.", ["system": system.clipped(to: 40)])
        case .noPosition(let link): tr("“{link}” holds no map position: open it in a browser, then copy the link of the place it shows.", ["link": link.clipped(to: 80)])
        case .plusCodeOutsideTheWorld(let code): tr("The Plus Code “{code}” is outside the world's latitudes.", ["code": code])
        }
    }
}
