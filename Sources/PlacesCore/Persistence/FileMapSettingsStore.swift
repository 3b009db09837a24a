import Foundation

/// Keeps the map settings in `map.json` under the config folder (`{"version": 1, "map": {...}}`),
/// written atomically. A damaged file is moved aside with a notice, and the map starts with no
/// layers; one from a newer Places, or one that cannot be read, is left untouched and never replaced.
public final class FileMapSettingsStore: MapSettingsStore {
    public static let version = 1
    /// The largest file read (a real one is under a kilobyte per map file).
    public static let sizeLimit: Int64 = 1_000_000

    public let url: URL
    private let file: VersionedDocumentFile

    private struct Document: Codable {
        var version: Int
        var map: MapSettings
    }

    public init(folder: URL) {
        url = folder.appendingPathComponent("map.json")
        file = VersionedDocumentFile(url: url, version: Self.version, limit: Self.sizeLimit)
    }

    public func loadSettings() throws -> Loaded<MapSettings> {
        do throws(VersionedDocumentFile.Problem) {
            switch try file.load() {
            case .missing: return Loaded(nil)
            case .document(let data, _):
                if let document = try? JSONDecoder().decode(Document.self, from: data) { return Loaded(document.map) }
                fallthrough
            case .damaged:
                let kept = try file.moveDamagedAside()
                return Loaded(nil, notice: tr("Your map settings were damaged and have been kept as {file}; the map starts without your map files.",
                                              ["file": kept]))
            }
        } catch {
            throw MapSettingsError(path: url.path, problem: error)
        }
    }

    public func save(_ settings: MapSettings) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(version: Self.version, map: settings))
        do {
            try file.write(data)
        } catch let problem as VersionedDocumentFile.Problem {
            throw MapSettingsError(path: url.path, problem: problem)
        }
    }
}

/// Why the map settings file cannot be used or replaced, in words.
public struct MapSettingsError: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(path: String, problem: VersionedDocumentFile.Problem) {
        description = switch problem {
        case .unreadable(let reason):
            tr("Your map settings could not be read from {path} ({reason}); they are left untouched, and changes to the map's layers will not be kept.",
               ["path": path, "reason": reason])
        case .newerVersion(let version):
            tr("{path} was written by a newer Places (format {version}); it is left untouched, and changes to the map's layers will not be kept.",
               ["path": path, "version": version])
        }
    }
}
