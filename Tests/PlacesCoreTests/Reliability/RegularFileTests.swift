import Foundation
@testable import PlacesCore
import Testing

/// Reading a file whatever is at its path: never blocking, never unbounded, and saying why in words.
@Suite("Reading any path", .timeLimit(.minutes(5)))
struct RegularFileTests {
    @Test("a named pipe with no writer is refused at once instead of waiting for one")
    func namedPipe() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("pipe").path
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: FileProblem.notAFile(kind: "a named pipe")) { try RegularFile.read(path, limit: 1000) }
        #expect(FileProblem.notAFile(kind: "a named pipe").description == "it is a named pipe, not a file")
    }

    @Test("a link to /dev/zero is refused without reading a byte")
    func endlessDevice() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("zero").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        #expect(throws: FileProblem.notAFile(kind: "a device")) { try RegularFile.read(path, limit: 1_000_000) }
    }

    @Test("a file over the limit is refused by its size, sparse or not")
    func tooLarge() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = try folder.write("", to: "huge.geojson")
        #expect(truncate(url.path, 12_400_000_000) == 0)
        #expect(throws: FileProblem.tooLarge(bytes: 12_400_000_000, limit: 512_000_000)) {
            try RegularFile.read(url.path, limit: 512_000_000)
        }
        #expect(FileProblem.tooLarge(bytes: 12_400_000_000, limit: 512_000_000).description
            == "it is 12.4 GB, more than the 512.0 MB Places reads")
        try folder.write(Array(repeating: 65, count: 1001), to: "small")
        #expect(throws: FileProblem.tooLarge(bytes: 1001, limit: 1000)) { try RegularFile.read(folder.file("small").path, limit: 1000) }
    }

    @Test("a file at the limit, an empty one and one read in many chunks come back whole")
    func wholeFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try folder.write(bytes, to: "data")
        #expect(try RegularFile.read(folder.file("data").path, limit: 300_000) == bytes)
        try folder.write([], to: "empty")
        #expect(try RegularFile.read(folder.file("empty").path, limit: 0) == [])
    }

    @Test("what is not a readable file is named in words, never by an error code", arguments: [
        ("folder", "it is a folder, not a file"),
        ("loop", "its symbolic links point at each other in a loop"),
        ("plain/inside", "part of its path is a file, not a folder"),
        ("nothing-here", "it does not exist"),
    ])
    func reasons(name: String, reason: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.file("folder"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop").path, withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop2").path, withDestinationPath: "loop")
        try folder.write("text", to: "plain")

        let problem = #expect(throws: FileProblem.self) { try RegularFile.read(folder.file(name).path, limit: 1000) }
        #expect(problem?.description == reason)
        #expect(problem.map { "\($0)" }?.contains("Domain") == false)
    }

    @Test("sizes read the way GNOME's file manager shows them")
    func sizes() {
        #expect(FileProblem.size(800) == "800 bytes")
        #expect(FileProblem.size(1_000) == "1.0 kB")
        #expect(FileProblem.size(64_000_000) == "64.0 MB")
        #expect(FileProblem.size(1_250_000) == "1.2 MB")
        #expect(FileProblem.size(Int64.max) == "9.2 EB")
    }
}
