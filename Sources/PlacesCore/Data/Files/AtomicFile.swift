import Foundation

/// Writes files so that a crash or a kill at any moment leaves either the old or the new contents:
/// a temporary file in the same folder, `fsync`, `rename` over the target, then `fsync` of the folder.
/// The replacement keeps the old file's permission bits, and a symbolic link keeps pointing at it.
///
/// Temporary files are named `.NAME.PID.RANDOM.tmp`: unique per write, so concurrent writes to one
/// file never share one, and a leftover from a killed process can be recognised by its dead pid.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        /// The reason, naming the file.
        public var description: String
    }

    /// Replaces the contents of `url` with `data`, creating its folder if needed. The new file keeps
    /// the permission bits of the one it replaces (new files get 0644 less the umask). When `url` is a
    /// symbolic link, the file it points to is replaced and the link stays a link.
    public static func write(_ data: Data, to url: URL) throws(WriteError) {
        try write(to: url) { write in write(data) }
    }

    /// Replaces the contents of `url`, as `write(_:to:)` does, with what `produce` hands its `write`
    /// a piece at a time: a large file is never held whole. When `produce` throws, nothing is replaced.
    public static func write(to url: URL, _ produce: ((Data) -> Void) throws(WriteError) -> Void) throws(WriteError) {
        guard let target = resolvingSymbolicLinks(url) else {
            throw WriteError(description: "cannot write \(url.path): too many levels of symbolic links")
        }
        let folder = target.deletingLastPathComponent()
        try createFolder(folder)
        let (temporary, fd) = try createTemporaryFile(for: target)
        // Permissions first, before any byte is written: a private file never has a readable copy.
        var written = keepPermissions(of: target, on: fd)
        do {
            try produce { piece in if written { written = writeAll(piece, to: fd) } }
        } catch {
            close(fd)
            unlink(temporary.path)
            throw error
        }
        let synced = written && fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary.path, target.path) == 0 else {
            let reason = FileProblem.reason(errno: errno)
            unlink(temporary.path)
            throw WriteError(description: "cannot write \(target.path): \(reason)")
        }
        let folderFD = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// Deletes temporary files of `url` left by processes that no longer run (killed mid-write);
    /// returns the names removed. Files of running processes, this one included, are left alone.
    @discardableResult
    public static func removeStaleTemporaryFiles(of url: URL) -> [String] {
        // Temporary files sit next to the file a symbolic link points to, where `write` puts them.
        let url = resolvingSymbolicLinks(url) ?? url
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
            guard let pid = middle.split(separator: ".").first.flatMap({ pid_t($0) }), pid > 0 else { continue }
            // kill(pid, 0) probes without signalling; ESRCH means no such process.
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Moves a damaged file aside as `NAME.damaged-TIMESTAMP` (or `NAME.damaged-TIMESTAMP-2`, `-3`...
    /// when that name is taken: an earlier damaged file is never overwritten) and returns the new path.
    @discardableResult
    public static func moveAside(_ url: URL, now: Date = Date()) -> URL? {
        let stamp = Int(now.timeIntervalSince1970)
        let base = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).damaged-\(stamp)")
        for attempt in 1...1000 {
            let target = attempt == 1 ? base : URL(fileURLWithPath: base.path + "-\(attempt)")
            // link() fails with EEXIST instead of replacing, so a taken name is never lost.
            if link(url.path, target.path) == 0 {
                unlink(url.path)
                return target
            }
            switch errno {
            case EEXIST: continue
            case ENOENT: return nil
            default:
                // Filesystems without hard links: check, then rename (racy only against ourselves).
                guard !FileManager.default.fileExists(atPath: target.path) else { continue }
                return rename(url.path, target.path) == 0 ? target : nil
            }
        }
        return nil
    }

    /// The file `url` names once symbolic links are followed (relative ones from the link's folder);
    /// `url` itself when it is not a link, even if it does not exist; nil when links loop.
    static func resolvingSymbolicLinks(_ url: URL) -> URL? {
        var current = url
        // The kernel's own limit (MAXSYMLINKS) on links followed in one lookup.
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path) else {
                return current
            }
            current = destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : current.deletingLastPathComponent().appendingPathComponent(destination)
        }
        return nil
    }

    /// Gives `fd` the permission bits of `target` when it exists; false when that fails.
    private static func keepPermissions(of target: URL, on fd: Int32) -> Bool {
        var status = stat()
        guard stat(target.path, &status) == 0 else { return true }
        return fchmod(fd, status.st_mode & 0o777) == 0
    }

    /// Creates `folder` and the folders above it that are missing (`mkdir -p`), saying why it cannot.
    static func createFolder(_ folder: URL) throws(WriteError) {
        var missing: [String] = []
        var current = folder.standardizedFileURL.path
        var status = stat()
        while stat(current, &status) != 0 {
            guard errno == ENOENT, current != "/" else { break }
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for path in missing.reversed() where mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw WriteError(description: "cannot create \(path): \(FileProblem.reason(errno: errno))")
        }
    }

    /// Creates a new temporary file next to `url` with a name no other write uses.
    private static func createTemporaryFile(for url: URL) throws(WriteError) -> (URL, Int32) {
        let folder = url.deletingLastPathComponent()
        while true {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(suffix).tmp")
            let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 { return (temporary, fd) }
            guard errno == EEXIST else {
                throw WriteError(description: "cannot write in \(folder.path): \(FileProblem.reason(errno: errno))")
            }
        }
    }

    /// Writes every byte of `data` to `fd`, retrying interrupted and short writes.
    private static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 { if errno == EINTR { continue } else { return false } }
                offset += count
            }
            return true
        }
    }
}
