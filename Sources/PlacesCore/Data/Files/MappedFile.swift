import CGlibc
import Foundation

/// A file's bytes mapped read-only, for `places --convert`, which goes through a file once (a CSV
/// twice) and never needs it whole in memory: the pages it has moved past are given back
/// (`release(before:)`), so memory follows the reader, not the file, and a page read again comes
/// back from the file. A zero byte follows the last one, as in `FileBytes`, while the file does not
/// grow meanwhile. Made by `RegularFile.mapOnce`; used by one thread at a time.
///
/// A file cut short by another program while it is mapped would end the process with SIGBUS when
/// the reader reaches the missing pages; `exitOnLostPages(message:)` makes that a message and
/// exit status 1 instead.
final class MappedFile: PassBytes {
    let buffer: UnsafeBufferPointer<UInt8>
    let canReadAgain = true
    private let base: UnsafeMutableRawPointer
    private let length: Int
    private var passed = PassedPages()

    /// Maps the `size` bytes of the open file `fd` (more than none), and a page of zeros after them.
    init(fd: Int32, size: Int) throws(FileProblem) {
        let filePages = (size + PassedPages.pageSize - 1) / PassedPages.pageSize * PassedPages.pageSize
        length = filePages + PassedPages.pageSize
        // Zero pages first, the file laid over their beginning: the bytes after the file's end in
        // its last page read as zeros, and so does the page after it.
        guard let zeros = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), zeros != MAP_FAILED else {
            throw .system(errno: errno)
        }
        base = zeros
        guard mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) != MAP_FAILED else {
            let code = errno
            munmap(base, length)
            throw .system(errno: code)
        }
        madvise(base, size, MADV_SEQUENTIAL)
        buffer = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit { munmap(base, length) }

    /// Gives back the whole pages before `offset`; reading them again reads the file again.
    func release(before offset: Int) {
        passed.release(base, count: buffer.count, before: offset)
    }

    /// For a reader going through the file again from its start, giving back the pages it passes again.
    func startOver() { passed.startOver() }

    /// From now on, a fault on this mapping because the file became shorter prints `message` on
    /// standard error and ends the process with status 1 (its output, written to a temporary
    /// file, is not replaced). Any other SIGBUS ends it as before. For commands without a window:
    /// the process ends.
    func exitOnLostPages(message: String) {
        places_exit_on_sigbus_in(base, length, message + "\n")
    }
}
