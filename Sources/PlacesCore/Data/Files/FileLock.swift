import Foundation

/// An advisory lock (`flock`) on the folder of a document, held while one process reads, merges and
/// replaces the document, so that two instances of Places never interleave their saves. Locking the
/// folder leaves no lock file behind.
enum FileLock {
    /// Runs `body` holding the lock on the folder of `url`. Where the folder cannot be opened or locked
    /// (it does not exist yet, or a network filesystem refuses), `body` runs anyway; a missing folder
    /// is created by the write, which fails with a reason when it cannot.
    static func exclusively<T, Failure: Error>(for url: URL, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let fd = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }  // closing releases the lock
        while flock(fd, LOCK_EX) != 0, errno == EINTR {}
        return try body()
    }
}
