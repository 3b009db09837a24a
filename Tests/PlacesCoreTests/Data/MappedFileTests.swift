import Foundation
@testable import PlacesCore
import Testing

/// `places --convert` maps its input (`MappedFile`): the bytes are the file's with a zero after the
/// last, whatever the file's size against the page size, and pages given back leave memory but
/// read the same again (a CSV's second pass).
@Suite("A mapped file reads as the file and leaves memory behind its reader")
struct MappedFileTests {
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    @Test("the bytes are the file's, and a zero follows them", arguments: [0, 1, page - 1, page, 3 * page + 7])
    func bytes(size: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let contents = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 251 + 1) }
        let url = folder.file("f.geojson")
        try Data(contents).write(to: url)
        let mapped = try RegularFile.mapOnce(url.path, limit: 1 << 30)
        #expect(Array(mapped.buffer) == contents)
        #expect(UnsafeRawPointer(mapped.buffer.baseAddress!).load(fromByteOffset: size, as: UInt8.self) == 0)
    }

    @Test("what is not a readable regular file is refused as by a read")
    func refused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(throws: FileProblem.missing) { try RegularFile.mapOnce(folder.file("none.gpx").path, limit: 1 << 30) }
        #expect(throws: FileProblem.notAFile(kind: "a folder")) { try RegularFile.mapOnce(folder.url.path, limit: 1 << 30) }
        let url = try folder.write("0123456789", to: "ten.csv")
        #expect(throws: FileProblem.tooLarge(bytes: 10, limit: 9)) { try RegularFile.mapOnce(url.path, limit: 9) }
    }

    @Test("a file that says it is empty but is not (/proc's) is read instead, whole")
    func readWhereNotMappable() throws {
        let status = try RegularFile.mapOnce("/proc/self/status", limit: 1 << 20)
        #expect(!status.canReadAgain, "read, not mapped")
        #expect(String(decoding: status.buffer, as: UTF8.self).hasPrefix("Name:"))
    }

    @Test("pages given back leave memory, and read the same when read again")
    func givenBack() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let size = 8 << 20
        let contents = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        let url = folder.file("big.kml")
        try Data(contents).write(to: url)
        let mapped = try RegularFile.mapOnce(url.path, limit: 1 << 30)
        #expect(Array(mapped.buffer) == contents)
        let read = try #require(Self.residentBytes(of: mapped.buffer.baseAddress!))
        #expect(read >= size / 2, "reading brought the pages in: \(read) bytes")

        mapped.release(before: size)
        let left = try #require(Self.residentBytes(of: mapped.buffer.baseAddress!))
        #expect(left <= 64 * Self.page, "\(left) bytes left in memory")
        mapped.startOver()
        #expect(Array(mapped.buffer) == contents, "read again from the file, not zeros")
    }

    /// The resident size of the mapping holding `address`, from `/proc/self/smaps`.
    private static func residentBytes(of address: UnsafeRawPointer) -> Int? {
        // Read to its end: /proc files say they are empty.
        guard let smaps = FileHandle(forReadingAtPath: "/proc/self/smaps").map({ String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) }) else {
            return nil
        }
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
            } else if inside, fields.first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
                return kilobytes * 1024
            }
        }
        return nil
    }
}
