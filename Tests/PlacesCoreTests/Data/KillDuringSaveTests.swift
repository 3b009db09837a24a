import Foundation
import PlacesCore
import Testing

/// A real process killed with SIGKILL while saving: the file is always one whole document.
@Suite("Saves killed with kill -9")
struct KillDuringSaveTests {
    static let rounds = 20

    @Test("a save killed at any moment leaves a whole document, and the next open clears its leftovers")
    func killedSaves() async throws {
        let probe = try #require(SaveProbe.executable, "save-probe is not built next to the tests (swift build --build-tests builds it)")
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let libraries = [SaveProbe.document("a"), SaveProbe.document("b")]
        let documents = try libraries.map(FileLibraryStore.encode)
        let url = folder.file("library.json")
        var leftovers = 0
        var seen: Set<Int> = []

        for round in 1...Self.rounds {
            let before = SaveProbe.inode(of: url)
            let process = try SaveProbe.start(probe, in: folder.url)
            let saving = await SaveProbe.waitUntil(seconds: 30) { SaveProbe.inode(of: url).map { $0 != before } ?? false }
            switch round % 3 {
            case 0:
                // Killed while a save's temporary file is there: mid-save for certain.
                let temporary = ".library.json.\(process.processIdentifier)."
                _ = await SaveProbe.waitUntil(seconds: 30) { ((try? folder.contents()) ?? []).contains { $0.hasPrefix(temporary) } }
            case 1:
                // Killed as soon as the second document is whole: the file holds it (a third save would
                // have to start and end in between). On a busy machine a save takes longer than the
                // random pause below, and chance alone never reached the second document.
                let first = SaveProbe.inode(of: url)
                _ = await SaveProbe.waitUntil(seconds: 30) { SaveProbe.inode(of: url).map { $0 != first } ?? false }
            default:
                // A save takes a few milliseconds: a random pause lands the kill anywhere in or between them.
                if saving { try await Task.sleep(for: .microseconds(Int.random(in: 0...20_000))) }
            }
            let killed = await SaveProbe.kill9(process)
            try #require(saving, "round \(round): the probe never saved")
            try #require(killed, "round \(round): the probe did not die")
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)

            let names = try folder.contents()
            let temporaries = names.filter { $0.hasPrefix(".library.json.\(process.processIdentifier).") && $0.hasSuffix(".tmp") }
            #expect(names.filter { !temporaries.contains($0) } == ["library.json"], "round \(round): \(names)")
            #expect(temporaries.count <= 1, "round \(round): \(temporaries)")
            leftovers += temporaries.count

            let bytes = try Data(contentsOf: url)
            let index = documents.firstIndex(of: bytes)
            #expect(index != nil, "round \(round): the file is \(bytes.count) bytes, neither document")
            seen.formUnion(index.map { [$0] } ?? [])

            let loaded = try FileLibraryStore(folder: folder.url).load()
            #expect(loaded.value == index.map { libraries[$0] })
            #expect(loaded.notice == nil)
            #expect(try folder.contents() == ["library.json"], "round \(round): opening left the killed save's temporary file")
        }
        // Evidence that kills landed mid-save (every third round waits for one), not only between
        // saves, and that both documents were found whole after a kill.
        #expect(leftovers > 0)
        #expect(seen == [0, 1])
    }
}
