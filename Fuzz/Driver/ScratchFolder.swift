import Foundation

/// An empty folder in memory (`/dev/shm`) for `target`'s files, made afresh on every call so that no
/// input sees what the one before it left.
public func emptyScratchFolder(for target: String) -> URL {
    let folder = URL(fileURLWithPath: "/dev/shm/places-fuzz-\(target)-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
