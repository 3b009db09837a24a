import Foundation

/// A file's bytes in pages of their own, for a reader that goes through them once: it gives back the
/// pages it has moved past (`release(before:)`), so a 380 MB file does not stay in memory while the
/// places read from it pile up. Made by `RegularFile.readOnce`; used by one thread at a time.
final class FileBytes: GrowableBytes {
    private var base: UnsafeMutableRawPointer
    private(set) var room: Int
    private(set) var count = 0
    private var passed = PassedPages()

    /// Room for `room` bytes (whole pages), taking memory only as they are written.
    init(room: Int) throws(FileProblem) {
        self.room = Self.pages(for: room)
        base = try Self.map(self.room)
    }

    deinit { munmap(base, room) }

    var buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Gives back the whole pages before `offset`: they are not read again (reading them would find zeros).
    func release(before offset: Int) {
        passed.release(base, count: count, before: offset)
    }

    func grow(to room: Int) throws(FileProblem) {
        let larger = Self.pages(for: room)
        let moved = try Self.map(larger)
        moved.copyMemory(from: base, byteCount: self.room)
        munmap(base, self.room)
        base = moved
        self.room = larger
    }

    func setCount(_ count: Int) { self.count = count }

    func withSpace<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result {
        body(UnsafeMutableRawBufferPointer(start: base, count: room))
    }

    private static func pages(for bytes: Int) -> Int {
        let page = PassedPages.pageSize
        return max(1, (bytes + page - 1) / page) * page
    }

    /// Anonymous private memory, taken as it is written, in huge pages where the system has them:
    /// a 16 MB file then costs eight page faults instead of four thousand.
    private static func map(_ length: Int) throws(FileProblem) -> UnsafeMutableRawPointer {
        guard let memory = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else {
            throw .system(errno: errno)
        }
        madvise(memory, length, MADV_HUGEPAGE)
        return memory
    }
}
