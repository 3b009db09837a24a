import Foundation

/// A regular file read at offsets (`pread`), from any thread: large map files are never read whole.
/// Opened like `RegularFile` reads: never blocking on something that is not a regular file.
final class PositionalFile: Sendable {
    private let fd: Int32
    let size: Int

    init(path: String) throws(FileProblem) {
        let fd = FileName.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else { throw errno == ENOENT ? .missing : .system(errno: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw .system(errno: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notAFile(kind: FileProblem.kind(of: status.st_mode))
        }
        self.fd = fd
        size = Int(status.st_size)
    }

    deinit { close(fd) }

    /// `count` bytes from `offset`; fewer when the file ends before.
    func read(at offset: Int, count: Int) throws(FileProblem) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw .system(errno: errno)
            }
            done += got
        }
        bytes.removeLast(count - done)
        return bytes
    }
}
