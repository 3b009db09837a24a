import Foundation

/// Writes files so that a crash or a kill at any moment leaves either the old or the new contents:
/// a temporary file in the same folder, `fsync`, `rename` over the target, then `fsync` of the folder.
public enum AtomicFile {
    /// Why a write failed.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        /// The reason, naming the file.
        public var description: String
    }

    /// Replaces the contents of `url` with `data`, creating its folder if needed.
    public static func write(_ data: Data, to url: URL) throws(WriteError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "cannot create \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(description: "cannot write in \(folder.path): \(String(cString: strerror(errno)))") }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 { if errno == EINTR { continue } else { return false } }
                offset += count
            }
            return true
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard written, synced, rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw WriteError(description: "cannot write \(url.path): \(reason)")
        }
        let folderFD = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Moves a damaged file aside as `NAME.damaged-TIMESTAMP` and returns the new path.
    @discardableResult
    public static func moveAside(_ url: URL, now: Date = Date()) -> URL? {
        let stamp = Int(now.timeIntervalSince1970)
        let target = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).damaged-\(stamp)")
        return rename(url.path, target.path) == 0 ? target : nil
    }
}
