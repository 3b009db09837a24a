import Foundation
import Multicast

/// The file work of importing and exporting places: files are read and parsed off the main thread,
/// one after another, and exports are written atomically.
@MainActor
public final class PlaceFiles {
    /// One file read for import.
    struct Reading: Sendable {
        var source: PlaceSource
        var result: Result<GeoJSONImport, GeoJSONError>
        var milliseconds: Double
    }

    /// What is being read, in words ("Importing trip.geojson…"); nil when nothing is.
    public let activity = Publink<String?>(replaysLast: true)
    private var running = 0

    public init() {}

    /// The source a file at `path` becomes: its id is the standardized path, its title the file name.
    static func source(for path: String) -> PlaceSource {
        let url = URL(fileURLWithPath: path)
        return PlaceSource(id: "file:" + url.standardizedFileURL.path, title: url.lastPathComponent, path: url.path)
    }

    /// Reads `paths` in order, each off the main thread, and hands each result to `each` on the main
    /// actor as soon as it is read. `activity` names the file being read until every read under way
    /// (a drop during a restore, say) has finished.
    func read(_ paths: [String], each: (Reading) -> Void) async {
        guard !paths.isEmpty else { return }
        running += 1
        defer {
            running -= 1
            if running == 0 { activity.publish(nil) }
        }
        for path in paths {
            let source = Self.source(for: path)
            activity.publish("Importing \(source.title)…")
            each(await Self.read(source))
        }
    }

    /// Writes `places` as GeoJSON to `path`, replacing it atomically.
    func write(_ places: [Place], to path: String) throws {
        try AtomicFile.write(Data(GeoJSONWriter.write(places).utf8), to: URL(fileURLWithPath: path))
    }

    private nonisolated static func read(_ source: PlaceSource) async -> Reading {
        await Task.detached(priority: .userInitiated) {
            let start = ContinuousClock.now
            let result: Result<GeoJSONImport, GeoJSONError>
            do {
                let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: source.path ?? "")))
                result = Result { () throws(GeoJSONError) in try GeoJSONReader(source: source.id).read(bytes) }
            } catch {
                result = .failure(.unreadable(error.localizedDescription))
            }
            return Reading(source: source, result: result, milliseconds: (ContinuousClock.now - start).milliseconds)
        }.value
    }
}
