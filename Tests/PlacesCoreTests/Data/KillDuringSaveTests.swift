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
            if round.isMultiple(of: 2) {
                // Every other round, killed while a save's temporary file is there: mid-save for certain.
                let temporary = ".library.json.\(process.processIdentifier)."
                _ = await SaveProbe.waitUntil(seconds: 30) { ((try? folder.contents()) ?? []).contains { $0.hasPrefix(temporary) } }
            } else if saving {
                // A save takes a few milliseconds: a random pause lands the kill anywhere in or between them.
                try await Task.sleep(for: .microseconds(Int.random(in: 0...20_000)))
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
        // Evidence that kills landed mid-save (every other round waits for one), not only between saves.
        #expect(leftovers > 0)
        #expect(seen == [0, 1])
    }
}
