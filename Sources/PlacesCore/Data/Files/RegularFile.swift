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
        try open(path, limit: limit, absent: absent) { fd, size throws(FileProblem) in
            var bytes = [UInt8](repeating: 0, count: size + 1)
            try readAll(fd, into: &bytes, limit: limit)
            return bytes
        }
    }

    /// What a file that only grows holds past `offset`, when it is at least `offset` long and still
    /// holds each of `probes` (bytes at a position) where it did; otherwise (it was replaced) all of
    /// it. Returns the bytes and where they start; nil when nothing is there. (An inode tells no
    /// better: a replaced file's is soon reused.)
    static func readTail(_ path: String, probes: [(offset: Int, bytes: [UInt8])], after offset: Int, limit: Int64) throws(FileProblem) -> (bytes: [UInt8], start: Int)? {
        try open(path, limit: limit, absent: [ENOENT, ENOTDIR]) { fd, size throws(FileProblem) in
            var start = 0
            if offset > 0, size >= offset, !probes.isEmpty {
                let unchanged = probes.allSatisfy { probe in
                    guard probe.offset + probe.bytes.count <= size else { return false }
                    var found = [UInt8](repeating: 0, count: probe.bytes.count)
                    let got = found.withUnsafeMutableBytes { pread(fd, $0.baseAddress, probe.bytes.count, off_t(probe.offset)) }
                    return got == probe.bytes.count && found == probe.bytes
                }
                if unchanged { start = offset }
            }
            if lseek(fd, off_t(start), SEEK_SET) < 0 { throw .system(errno: errno) }
            var bytes = [UInt8](repeating: 0, count: size - start + 1)
            try readAll(fd, into: &bytes, limit: limit)
            return (bytes, start)
        }
    }

    /// The bytes of the file at `path` in memory of their own, which a reader going through them once
    /// gives back as it moves on (`FileBytes.release(before:)`).
    static func readOnce(_ path: String, limit: Int64) throws(FileProblem) -> FileBytes {
        let bytes = try open(path, limit: limit, absent: [ENOENT]) { fd, size throws(FileProblem) in
            var bytes = try FileBytes(room: size + 1)
            try readAll(fd, into: &bytes, limit: limit)
            return bytes
        }
        guard let bytes else { throw .missing }
        return bytes
    }

    /// The bytes of the file at `path` mapped, not read: in memory only while a reader going
    /// through them once is near them (`MappedFile.release(before:)`). Read as `readOnce` does
    /// where mapping cannot serve: a file that says it is empty (`/proc`'s say so and are not)
    /// or one on a file system that cannot map it.
    static func mapOnce(_ path: String, limit: Int64) throws(FileProblem) -> any PassBytes {
        let mapped = try open(path, limit: limit, absent: [ENOENT]) { fd, size throws(FileProblem) -> MappedFile? in
            guard size > 0 else { return nil }
            do throws(FileProblem) {
                return try MappedFile(fd: fd, size: size)
            } catch {
                if case .system(let code) = error, [ENODEV, EACCES, EINVAL].contains(code) { return nil }
                throw error
            }
        }
        guard let mapped else { throw .missing }
        if let mapped { return mapped }
        return try readOnce(path, limit: limit)
    }

    /// What `body` makes of the open file and its size; nil when opening fails with one of the `absent` errors.
    private static func open<Result>(
        _ path: String, limit: Int64, absent: Set<Int32>, _ body: (Int32, Int) throws(FileProblem) -> Result
    ) throws(FileProblem) -> Result? {
        let fd = FileName.withCString(path) { Foundation.open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else {
            if absent.contains(errno) { return nil }
            throw .system(errno: errno)
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .system(errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(kind: FileProblem.kind(of: status.st_mode)) }
        guard Int64(status.st_size) <= limit else { throw .tooLarge(bytes: Int64(status.st_size), limit: limit) }
        return try body(fd, Int(status.st_size))
    }

    /// Reads `fd` to its end into `storage`, growing it by half when full, and ends it there.
    private static func readAll(_ fd: Int32, into storage: inout some GrowableBytes, limit: Int64) throws(FileProblem) {
        var count = 0
        while true {
            if count == storage.room {
                guard Int64(count) <= limit else { throw .tooLarge(bytes: Int64(count), limit: limit) }
                try storage.grow(to: count + Swift.max(65_536, count / 2))
            }
            let got = storage.withSpace { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw .system(errno: errno)
            }
            count += got
        }
        guard Int64(count) <= limit else { throw .tooLarge(bytes: Int64(count), limit: limit) }
        storage.setCount(count)
    }
}

/// Memory a file is read into: an array, or pages of its own (`FileBytes`).
protocol GrowableBytes {
    /// How many bytes it can hold now.
    var room: Int { get }
    mutating func grow(to room: Int) throws(FileProblem)
    /// Ends it after the first `count` bytes.
    mutating func setCount(_ count: Int)
    /// Calls `body` with all of its memory.
    mutating func withSpace<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result
}

extension [UInt8]: GrowableBytes {
    var room: Int { count }
    mutating func grow(to room: Int) { append(contentsOf: repeatElement(0, count: room - count)) }
    mutating func setCount(_ count: Int) { removeLast(self.count - count) }
    mutating func withSpace<Result>(_ body: (UnsafeMutableRawBufferPointer) -> Result) -> Result { withUnsafeMutableBytes(body) }
}
