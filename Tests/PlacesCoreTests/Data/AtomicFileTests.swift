import Foundation
import PlacesCore
import Testing

/// Files replaced in one step: old contents or new, and nothing left lying around.
@Suite("Atomic file writes")
struct AtomicFileTests {
    @Test("a write creates missing folders and leaves only the target behind")
    func writeCreatesFolders() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("a/b/c/data.json")

        try AtomicFile.write(Data("first".utf8), to: target)

        #expect(try String(contentsOf: target, encoding: .utf8) == "first")
        #expect(try folder.contents(of: target.deletingLastPathComponent()) == ["data.json"])
    }

    @Test("a second write replaces the contents and leaves no temporary file")
    func overwriteLeavesNoTemporaryFiles() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("data.json")
        try AtomicFile.write(Data(repeating: 0x41, count: 100_000), to: target)

        for round in 0..<5 {
            try AtomicFile.write(Data("round \(round)".utf8), to: target)
        }

        #expect(try String(contentsOf: target, encoding: .utf8) == "round 4")
        #expect(try folder.contents() == ["data.json"])
    }

    @Test("an empty write gives an empty file")
    func emptyWrite() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try AtomicFile.write(Data(), to: folder.file("empty"))
        #expect(try Data(contentsOf: folder.file("empty")).isEmpty)
    }

    @Test("a failed write throws, names the file, and leaves no temporary file")
    func failedWriteCleansUp() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("taken")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("child"), withIntermediateDirectories: true)

        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: target) }
        do {
            try AtomicFile.write(Data("x".utf8), to: target)
        } catch {
            #expect(error.description.contains(target.path))
        }
        #expect(try folder.contents() == ["taken"])
    }

    @Test("a folder that cannot be created is reported")
    func uncreatableFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = try folder.write("plain", to: "plain")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: file.appendingPathComponent("sub/x")) }
        #expect(try folder.contents() == ["plain"])
    }

    @Test("a damaged file is moved aside under a timestamped name")
    func moveAside() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = try folder.write("damaged", to: "profile.json")

        let aside = AtomicFile.moveAside(target, now: Date(timeIntervalSince1970: 1_700_000_000))

        #expect(aside?.lastPathComponent == "profile.json.damaged-1700000000")
        #expect(try folder.contents() == ["profile.json.damaged-1700000000"])
        #expect(AtomicFile.moveAside(target) == nil)
    }
}
