import Foundation

/// A file's bytes mapped read-only, for `places --convert`, which goes through a file once (a CSV
/// twice) and never needs it whole in memory: the pages it has moved past are given back
/// (`release(before:)`), so memory follows the reader, not the file, and a page read again comes
/// back from the file. At least one zero byte follows the last one, as in `FileBytes`. Made by
/// `RegularFile.mapOnce`; used by one thread at a time.
///
/// A file cut short by another program while it is mapped would end the process with SIGBUS when
/// the reader reaches the missing pages; `exitOnLostPages(message:)` makes that a message and
/// exit status 1 instead.
final class MappedFile {
    let buffer: UnsafeBufferPointer<UInt8>
    private let base: UnsafeMutableRawPointer
    private let length: Int
    /// Bytes before this offset have been given back (a multiple of the page size).
    private var released = 0

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// Less than this is not worth a system call.
    private static let releaseStep = 1 << 20

    /// Maps the `size` bytes of the open file `fd`, then zeros (whole pages of them past the file).
    init(fd: Int32, size: Int) throws(FileProblem) {
        length = (size / Self.pageSize + 1) * Self.pageSize
        // Zero pages first, the file laid over their beginning: the byte after a file that fills its
        // last page exactly is then a zero, not a fault.
        guard let zeros = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), zeros != MAP_FAILED else {
            throw .system(errno: errno)
        }
        base = zeros
        if size > 0 {
            guard mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) != MAP_FAILED else {
                let code = errno
                munmap(base, length)
                throw .system(errno: code)
            }
            madvise(base, size, MADV_SEQUENTIAL)
        }
        buffer = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit { munmap(base, length) }

    /// Gives back the whole pages before `offset`; reading them again reads the file again.
    func release(before offset: Int) {
        let end = min(offset, buffer.count) / Self.pageSize * Self.pageSize
        guard end - released >= Self.releaseStep else { return }
        madvise(base + released, end - released, MADV_DONTNEED)
        released = end
    }

    /// For a reader going through the file again from its start, giving back the pages it passes again.
    func startOver() { released = 0 }

    /// From now on, a file that shrinks under its mapping prints `message` on standard error and
    /// ends the process with status 1 (its output, written to a temporary file, is not replaced).
    /// For commands without a window only: the process ends.
    static func exitOnLostPages(message: String) {
        let bytes = Array((message + "\n").utf8)
        let kept = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = kept.initialize(from: bytes)
        lostPagesMessage = UnsafeBufferPointer(kept)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            // Only async-signal-safe calls here.
            if let message = lostPagesMessage { _ = write(STDERR_FILENO, message.baseAddress, message.count) }
            _exit(1)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
    }
}

/// What the SIGBUS handler prints: written before the handler that reads it is installed.
nonisolated(unsafe) private var lostPagesMessage: UnsafeBufferPointer<UInt8>?
