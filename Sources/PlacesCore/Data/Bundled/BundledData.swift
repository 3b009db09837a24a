import Foundation

/// The data that ships with the app: where it is and how to load it.
///
/// Looked up, in order: `$PLACES_DATA_DIR`; `<prefix>/share/places` next to the installed binary
/// (`<prefix>/bin/places`); the source tree's `data/` above a build folder. Never an absolute path.
public struct BundledData: Sendable {
    /// The folder holding `world.bin`, `detail.bin`, `places.geojson`, `cities.tsv` and `gazetteer.bin`.
    public let directory: URL

    /// What the first frame needs: the bundled places and the base map.
    public struct Map: Sendable {
        public var places: ImportResult
        public var worldMap: WorldMap
    }

    /// The bundled places, the base map and the cities.
    public struct Contents: Sendable {
        public var places: ImportResult
        public var worldMap: WorldMap
        /// Cities for the home-city picker.
        public var cities: [City]
        /// The same cities indexed for type-ahead (built here, off the main thread).
        public var cityDirectory: CityDirectory
    }

    /// The data folder for `executable` (this process by default): `$PLACES_DATA_DIR` as it is, else the
    /// first folder looked in (see above) that holds `world.bin`; nil when none does.
    public static func locate(
        executable: URL = BundledData.currentExecutable,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> BundledData? {
        if let override = environment["PLACES_DATA_DIR"], !override.isEmpty {
            return BundledData(directory: URL(fileURLWithPath: override))
        }
        let binDirectory = executable.deletingLastPathComponent()
        var candidates = [binDirectory.deletingLastPathComponent().appendingPathComponent("share/places")]
        var folder = binDirectory
        for _ in 0..<6 {
            candidates.append(folder.appendingPathComponent("data"))
            folder = folder.deletingLastPathComponent()
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("world.bin").path) }
            .map(BundledData.init(directory:))
    }

    /// The running binary, symlinks resolved. `/proc/self/exe` names it even when it was started through
    /// `PATH` (a shell or a desktop launcher), where `argv[0]` is a bare name relative to nothing.
    public static var currentExecutable: URL {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), target.hasPrefix("/") {
            return URL(fileURLWithPath: target)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    public init(directory: URL) { self.directory = directory }

    /// Reads all three files. Safe to call off the main thread.
    public func load() throws -> Contents {
        let map = try loadMap()
        let cities = try loadCities()
        return Contents(places: map.places, worldMap: map.worldMap, cities: cities.cities, cityDirectory: cities)
    }

    /// Reads the places and the base map, which the first frame shows. Safe to call off the main thread.
    public func loadMap() throws -> Map {
        Map(places: try GeoJSONReader(source: PlaceSource.bundledID).read(read("places.geojson")),
            worldMap: try WorldMapReader.read(read("world.bin")))
    }

    /// Reads the base map's detail (1:10m land, provinces, rivers), for what is drawn beyond zoom 3:
    /// read after the first frame, which does not need it. Safe to call off the main thread.
    public func loadDetail() throws -> WorldMap {
        try WorldMapReader.read(read("detail.bin"))
    }

    /// Reads the cities, for the home-city field and the base map's names when zoomed in, indexed for
    /// type-ahead. Safe to call off the main thread.
    public func loadCities() throws -> CityDirectory {
        CityDirectory(CityListReader.read(bytes: try read("cities.tsv")))
    }

    /// Reads the gazetteer (every town of 500 people or more, and every airport), for the search beyond
    /// the places on the map and for "What's here?". About 12 MB on disk and 30 MB read: read after the
    /// first frame, never on the main thread.
    public func loadGazetteer() throws -> Gazetteer {
        let path = directory.appendingPathComponent("gazetteer.bin").path
        do {
            return try GazetteerReader.read(read("gazetteer.bin"))
        } catch let error as WorldMapReader.FormatError {
            throw BundledFileError(path: path, problem: error.description)
        }
    }

    /// A bundled file is read like any other: never blocking, and at most the import size limit.
    private func read(_ name: String) throws -> [UInt8] {
        let path = directory.appendingPathComponent(name).path
        do {
            return try RegularFile.read(path, limit: PlaceFiles.sizeLimit)
        } catch {
            throw BundledFileError(path: path, problem: error.description)
        }
    }
}

/// A bundled file that could not be read or understood: "/usr/share/places/world.bin: it does not exist".
struct BundledFileError: Error, CustomStringConvertible {
    var path: String
    var problem: String

    var description: String { "\(path): \(problem)" }
}
