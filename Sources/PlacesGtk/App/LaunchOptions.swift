import PlacesCore

/// What the command line asked for.
public struct LaunchOptions: Sendable {
    /// GeoJSON files to open.
    public var files: [String] = []
    /// Write a PNG of the window here once it is drawn, then quit.
    public var screenshot: String?
    /// The tab to show first.
    public var tab: Tab = .map
    /// A place id to select at start.
    public var select: String?
    /// Text to search for at start.
    public var search: String?
    /// Where the map looks at start: the centre and the zoom level.
    public var camera: (center: Coordinate, zoom: Double)?

    /// Everything `places` can be asked to do.
    public enum Command: Sendable {
        case run(LaunchOptions)
        case check([String])
        case help
        case version
        case invalid(String)
    }

    public init() {}

    /// Reads `arguments` (without the program name).
    public static func parse(_ arguments: [String]) -> Command {
        var options = LaunchOptions()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--check": return .check(Array(iterator))
            case "--screenshot", "--tab", "--select", "--search", "--camera":
                guard let value = iterator.next() else { return .invalid("\(argument) needs a value") }
                switch argument {
                case "--screenshot": options.screenshot = value
                case "--select": options.select = value
                case "--search": options.search = value
                case "--camera":
                    let numbers = value.split(separator: ",").compactMap { Double($0) }
                    guard numbers.count == 3, Coordinate(latitude: numbers[0], longitude: numbers[1]).isValid else {
                        return .invalid("--camera takes LATITUDE,LONGITUDE,ZOOM, not \(value)")
                    }
                    options.camera = (Coordinate(latitude: numbers[0], longitude: numbers[1]), numbers[2])
                default:
                    guard let tab = Tab(rawValue: value.lowercased()) else {
                        return .invalid("--tab takes map, places or profile, not \(value)")
                    }
                    options.tab = tab
                }
            case "--": options.files.append(contentsOf: Array(iterator))
            default:
                if argument.hasPrefix("-") { return .invalid("unknown option \(argument)") }
                options.files.append(argument)
            }
        }
        return .run(options)
    }

    public static let usage = """
        Usage: places [OPTION...] [FILE.geojson...]
          Explore places on an offline world map; FILEs are imported as place sources.

          --check FILE...     validate GeoJSON files without opening a window (exit 1 if any is unreadable)
          --screenshot PNG    write a picture of the window once drawn, then quit
          --tab NAME          start on the map, places or profile tab
          --select ID         start with the place ID selected
          --search TEXT       start with TEXT in the places search
          --camera LAT,LON,Z  start with the map at this place and zoom
          --version           print the version
          -h, --help          print this help

        Environment: PLACES_TRACE=FILE appends one JSON line per coordinator event;
        PLACES_DATA_DIR overrides where the bundled data is read from.
        """
}
