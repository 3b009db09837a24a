import PlacesCore

/// What the command line asked the window to start with (read by `places`' command, `PlacesCommand`).
public struct LaunchOptions: Sendable {
    /// Files to open: files of places are imported, map files (MBTiles, PMTiles) become layers.
    public var files: [String] = []
    /// Write a PNG of the window here once it is drawn, then quit.
    public var screenshot: String?
    /// The tab to show first (`--tab`).
    public var tab: Tab = .map
    /// A place id to select at start (`--select`).
    public var select: String?
    /// Text to search for in the Places tab at start (`--search`).
    public var search: String?
    /// Where the map looks at start (`--camera`).
    public var camera: (center: Coordinate, zoom: Double)?
    /// Show online tiles from this server for this run (`--tile-url`).
    public var tileURL: String?

    public init() {}
}
