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

    @Test("a replaced file keeps its permission bits", arguments: [0o600, 0o640, 0o604])
    func keepsPermissions(mode: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = try folder.write("old", to: "profile.json")
        chmod(target.path, mode_t(mode))

        try AtomicFile.write(Data("new".utf8), to: target)

        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        #expect(try folder.contents() == ["profile.json"])
    }

    @Test("writing through a symbolic link replaces the file it points to and keeps the link", arguments: [true, false])
    func writesThroughSymbolicLinks(relative: Bool) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let real = try folder.write("old", to: "dotfiles/profile.json")
        chmod(real.path, 0o600)
        let link = folder.file("config/profile.json")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A link to a link: both stay links.
        let destination = relative ? "../dotfiles/profile.json" : real.path
        try FileManager.default.createSymbolicLink(atPath: folder.file("config/middle").path, withDestinationPath: destination)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "middle")

        try AtomicFile.write(Data("new".utf8), to: link)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "middle")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("config/middle").path) == destination)
        #expect(try String(contentsOf: real, encoding: .utf8) == "new")
        let attributes = try FileManager.default.attributesOfItem(atPath: real.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try folder.contents(of: folder.file("dotfiles")) == ["profile.json"])
        #expect(try folder.contents(of: folder.file("config")) == ["middle", "profile.json"])
    }

    @Test("a dangling symbolic link gets its file created; a loop of links is refused")
    func danglingAndLoopingLinks() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let link = folder.file("profile.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")

        try AtomicFile.write(Data("new".utf8), to: link)

        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.json")
        #expect(try String(contentsOf: folder.file("real.json"), encoding: .utf8) == "new")

        let loop = folder.file("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: loop) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: loop.path) == "loop")
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

    @Test("damaged files moved aside in the same second all keep their own name")
    func moveAsideNeverOverwrites() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var asides: [String] = []
        for round in 1...3 {
            let target = try folder.write("damaged \(round)", to: "library.json")
            asides.append(try #require(AtomicFile.moveAside(target, now: now)).lastPathComponent)
        }

        #expect(asides == ["library.json.damaged-1700000000", "library.json.damaged-1700000000-2", "library.json.damaged-1700000000-3"])
        #expect(try folder.contents() == asides)
        for (round, name) in asides.enumerated() {
            #expect(try String(contentsOf: folder.file(name), encoding: .utf8) == "damaged \(round + 1)")
        }
    }

    @Test("writes to one file from several threads at once never share a temporary file")
    func concurrentWrites() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("data.json")
        let contents = (0..<8).map { Data(repeating: UInt8(0x41 + $0), count: 200_000 + $0) }
        let failures = Counter()

        DispatchQueue.concurrentPerform(iterations: contents.count) { writer in
            for _ in 0..<20 {
                do { try AtomicFile.write(contents[writer], to: target) } catch { failures.increment() }
            }
        }

        #expect(failures.value == 0)
        #expect(contents.contains(try Data(contentsOf: target)))
        #expect(try folder.contents() == ["data.json"])
    }

    @Test("temporary files are named after the file, the process and a random suffix")
    func temporaryFileName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("data.json")
        try AtomicFile.write(Data("kept".utf8), to: target)
        // What a killed writer leaves: found and removed by name, pid and liveness.
        try folder.write("partial", to: ".data.json.99999999.abc123.tmp")
        try folder.write("partial", to: ".data.json.\(getpid()).abc123.tmp")

        #expect(AtomicFile.removeStaleTemporaryFiles(of: target) == [".data.json.99999999.abc123.tmp"])
        #expect(try folder.contents() == [".data.json.\(getpid()).abc123.tmp", "data.json"])
        #expect(AtomicFile.removeStaleTemporaryFiles(of: folder.file("missing/data.json")).isEmpty)
    }
}
