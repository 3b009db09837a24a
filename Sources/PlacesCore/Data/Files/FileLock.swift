import Foundation

/// An advisory lock (`flock`) on the folder of a document, held while one process reads, merges and
/// replaces the document, so that two instances of Places never interleave their saves. Locking the
/// folder leaves no lock file behind.
enum FileLock {
    /// Runs `body` holding the lock on the folder of `url`, made first if it does not exist yet (two
    /// instances' first saves must not race either). Where the folder cannot be made, opened or locked
    /// (a network filesystem may refuse), `body` runs anyway, and its write fails with a reason.
    static func exclusively<T, Failure: Error>(for url: URL, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let folder = url.deletingLastPathComponent()
        try? AtomicFile.createFolder(folder)
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }  // closing releases the lock
        while flock(fd, LOCK_EX) != 0, errno == EINTR {}
        return try body()
    }
}
