import Foundation

/// Reads a whole regular file without ever blocking on something that is not one: the path is opened
/// non-blocking (a named pipe with no writer would otherwise wait forever), then anything but a
/// regular file is refused, and so is one larger than `limit` (also when it grows while being read).
public enum RegularFile {
    /// The bytes of the file at `path`; nil when nothing is there (`ENOENT`, or `ENOTDIR`: a file
    /// where a folder of the path should be — for a document kept under a folder, that is no document).
    public static func readIfPresent(_ path: String, limit: Int64) throws(FileProblem) -> [UInt8]? {
        try read(path, limit: limit, absent: [ENOENT, ENOTDIR])
    }

    /// The bytes of the file at `path`; a missing file is a problem like any other.
    public static func read(_ path: String, limit: Int64) throws(FileProblem) -> [UInt8] {
        guard let bytes = try read(path, limit: limit, absent: [ENOENT]) else { throw .missing }
        return bytes
    }

    /// The bytes, or nil when opening fails with one of the `absent` errors.
    private static func read(_ path: String, limit: Int64, absent: Set<Int32>) throws(FileProblem) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            if absent.contains(errno) { return nil }
            throw .system(errno: errno)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .system(errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(kind: FileProblem.kind(of: status.st_mode)) }
        guard Int64(status.st_size) <= limit else { throw .tooLarge(bytes: Int64(status.st_size), limit: limit) }
        return try readAll(fd, expected: Int(status.st_size), limit: limit)
    }

    private static func readAll(_ fd: Int32, expected: Int, limit: Int64) throws(FileProblem) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: expected + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard Int64(count) <= limit else { throw .tooLarge(bytes: Int64(count), limit: limit) }
                bytes.append(contentsOf: repeatElement(0, count: Swift.max(65_536, count / 2)))
            }
            let got = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw .system(errno: errno)
            }
            count += got
        }
        guard Int64(count) <= limit else { throw .tooLarge(bytes: Int64(count), limit: limit) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
