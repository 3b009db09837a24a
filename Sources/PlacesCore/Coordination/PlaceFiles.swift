import Foundation
import Multicast

/// The file work of importing and exporting places: files are read and parsed off the main thread,
/// one after another, and can be cancelled; exports are written atomically.
@MainActor
public final class PlaceFiles {
    /// One file read for import.
    struct Reading: Sendable {
        var source: PlaceSource
        var result: Result<ImportResult, ImportError>
        var milliseconds: Double
    }

    /// The largest file imported. Parsing takes about ten times its size in memory.
    public nonisolated static let sizeLimit: Int64 = 512_000_000

    /// What is being read, in words ("Importing trip.geojson…"); nil when nothing is.
    public let activity = Publink<String?>(replaysLast: true)
    private var running = 0
    /// The reads under way (several when a file is dropped during a restore, say), each awaited
    /// through its continuation: resumed by the read, or at once by `cancel()`, which does not wait for
    /// the reader to stop and free what it built (seconds for a huge file).
    private var underWay: [Int: (task: Task<Reading, Never>, continuation: CheckedContinuation<Reading?, Never>)] = [:]
    private var reads = 0
    /// Reads to skip: set by `cancel()` for every batch under way, cleared when none is.
    private var isCancelling = false

    public init() {}

    /// The source a file at `path` becomes: its id is the standardized path, its title the file name.
    static func source(for path: String) -> PlaceSource {
        let url = URL(fileURLWithPath: path)
        return PlaceSource(id: "file:" + url.standardizedFileURL.path, title: url.lastPathComponent, path: url.path)
    }

    /// Reads `paths` in order, each off the main thread, and hands each result to `each` on the main
    /// actor as soon as it is read. `activity` names the file being read until every read under way
    /// (a drop during a restore, say) has finished. Returns the files not read because of `cancel()`,
    /// the one being read included.
    @discardableResult
    func read(_ paths: [String], each: (Reading) -> Void) async -> [PlaceSource] {
        guard !paths.isEmpty else { return [] }
        running += 1
        defer {
            running -= 1
            if running == 0 {
                activity.publish(nil)
                isCancelling = false
            }
        }
        for (position, path) in paths.enumerated() {
            let source = Self.source(for: path)
            guard !isCancelling else { return paths[position...].map(Self.source(for:)) }
            activity.publish(tr("Importing {file}…", ["file": source.title]))
            let task = Task.detached(priority: .userInitiated) { Self.read(source) }
            reads += 1
            let read = reads
            let reading = await withCheckedContinuation { continuation in
                underWay[read] = (task, continuation)
                Task { self.finish(read, with: await task.value) }
            }
            guard let reading else { return paths[position...].map(Self.source(for:)) }
            each(reading)
        }
        return []
    }

    /// Stops the read under way and skips the files still to read.
    public func cancel() {
        guard running > 0 else { return }
        isCancelling = true
        for (read, (task, _)) in underWay {
            task.cancel()
            finish(read, with: nil)
        }
    }

    /// Hands `reading` (nil: cancelled) to read number `read`, unless it has had its answer (a read
    /// that was cancelled ends later).
    private func finish(_ read: Int, with reading: Reading?) {
        underWay.removeValue(forKey: read)?.continuation.resume(returning: reading)
    }

    /// Writes `places` to `path`, replacing it atomically, in the format its name asks for: GPX
    /// waypoints for `.gpx`, KML for `.kml`, GeoJSON otherwise. Safe off the main thread.
    nonisolated static func write(_ places: [Place], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let text = switch url.pathExtension.lowercased() {
        case "gpx": GPXWriter.write(places)
        case "kml": KMLWriter.write(places, title: url.deletingPathExtension().lastPathComponent)
        default: GeoJSONWriter.write(places)
        }
        try AtomicFile.write(Data(text.utf8), to: url)
    }

    private nonisolated static func read(_ source: PlaceSource) -> Reading {
        let start = ContinuousClock.now
        let result: Result<ImportResult, ImportError>
        do {
            let bytes = try RegularFile.read(source.path ?? "", limit: sizeLimit)
            result = Result { () throws(ImportError) in try PlaceFileReader(source: source.id).read(bytes) }
        } catch {
            result = .failure(.unreadable(error))
        }
        return Reading(source: source, result: result, milliseconds: (ContinuousClock.now - start).milliseconds)
    }
}
