import Foundation
import PlacesCore

/// Finds the repository's `data/` folder: `$PLACES_DATA_DIR`, then `../../data` from this source file
/// (symlinks resolved, so a scratch package linking this folder still finds it), then the app's own lookup.
enum DataDirectory {
    static func locate(filePath: String = #filePath) throws -> URL {
        if let override = ProcessInfo.processInfo.environment["PLACES_DATA_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let source = URL(fileURLWithPath: filePath).resolvingSymlinksInPath()
        let candidate = source.deletingLastPathComponent().appendingPathComponent("../../data").standardizedFileURL
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("world.bin").path) {
            return candidate
        }
        if let located = BundledData.locate() { return located.directory }
        throw BenchmarkFailure("no data folder with world.bin found; set PLACES_DATA_DIR")
    }
}
