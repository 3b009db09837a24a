import Foundation

/// Where the person's data lives: `$XDG_CONFIG_HOME/places` (profile, map layers, preferences) and
/// `$XDG_DATA_HOME/places` (the library), falling back to `~/.config` and `~/.local/share`.
public struct UserDataPaths: Sendable, Equatable {
    /// Settings-like data: `profile.json`, `map.json` and `settings.ini`.
    public var config: URL
    /// Documents-like data: `library.json` (favourites, imported files, own places, collections).
    public var data: URL

    /// Paths under explicit folders (tests).
    public init(config: URL, data: URL) {
        self.config = config
        self.data = data
    }

    /// The paths for `environment`, following the XDG Base Directory specification.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> UserDataPaths {
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        func base(_ variable: String, _ fallback: String) -> URL {
            // The spec says relative values are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appendingPathComponent(fallback)
        }
        return UserDataPaths(
            config: base("XDG_CONFIG_HOME", ".config").appendingPathComponent("places"),
            data: base("XDG_DATA_HOME", ".local/share").appendingPathComponent("places")
        )
    }
}
