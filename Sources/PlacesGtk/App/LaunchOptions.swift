import PlacesCore

/// What the command line asked the window to start with (read by `places`' command, `PlacesCommand`).
public struct LaunchOptions: Sendable {
    /// Files to import as place sources.
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
    /// Show online tiles from this server for this run (`--tile-url`).
    public var tileURL: String?

    public init() {}
}
