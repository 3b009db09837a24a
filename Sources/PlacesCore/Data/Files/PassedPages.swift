import Foundation

/// How far a reader going through mapped memory has given its pages back, and the giving back
/// itself (`MADV_DONTNEED`, a megabyte or more at a time), for `FileBytes` and `MappedFile`: what
/// a page given back reads as afterwards (zeros, or the file again) is theirs to say.
struct PassedPages {
    /// Bytes before this offset have been given back (a multiple of the page size).
    private(set) var released = 0

    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// Less than this is not worth a system call.
    private static let releaseStep = 1 << 20

    /// Gives back the whole pages of `memory` before `offset` (at most `count` bytes in).
    mutating func release(_ memory: UnsafeMutableRawPointer, count: Int, before offset: Int) {
        let end = min(offset, count) / Self.pageSize * Self.pageSize
        guard end - released >= Self.releaseStep else { return }
        madvise(memory + released, end - released, MADV_DONTNEED)
        released = end
    }

    /// For a reader starting again from the beginning.
    mutating func startOver() { released = 0 }
}
