import Foundation
import Multicast
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// The import session on its own, without a coordinator or a window: files become sources of the
/// model, each one step to undo, and what the person is told comes back as messages.
@MainActor
@Suite("Import session", .timeLimit(.minutes(5)))
struct ImportSessionTests {
    /// The session over a model with the sample places, its editor and library, and who hears its progress.
    @MainActor
    private final class Parts: ImportSessionDelegate {
        let model = PlacesModel(places: Samples.places, sources: [.bundled])
        let editor: PlacesEditor
        let library: LibraryKeeper
        let session: ImportSession
        private(set) var activities: [ImportActivity?] = []

        init(library store: any LibraryStore = InMemoryLibraryStore(), freeMemory: @escaping @MainActor () -> Int64? = { nil }) {
            editor = PlacesEditor(model: model)
            library = LibraryKeeper(model: model, editor: editor, store: store, storeInFolder: { _ in store }, saves: SaveQueue())
            session = ImportSession(model: model, editor: editor, library: library, pacer: Unpaced(),
                                    numbers: LocalizedNumbers(locale: Samples.locale), trace: nil, freeMemory: freeMemory)
            session.delegates += self
        }

        func importActivityDidChange() {
            if activities.last != .some(session.activity) { activities.append(session.activity) }
        }
    }

    @Test("a file becomes a source with its places, one step to undo, and says what it brought with Show")
    func oneFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let parts = Parts()

        let messages = await parts.session.importFiles([trip.path!], undoable: true)

        #expect(messages == [.notice(Notice("Imported 2 places from “trip.geojson”", action: .show(.source(trip.id))))])
        #expect(parts.model.sources.map(\.title) == ["World", "trip.geojson"])
        #expect(parts.editor.history.undoCount == 1)
        let fractions = parts.activities.dropLast().compactMap { $0?.fraction }
        #expect(parts.activities.first == ImportActivity(file: "trip.geojson", fraction: 0))
        #expect(fractions == fractions.sorted() && fractions.last == 1, "progress only grows, to the end: \(fractions)")
        #expect(parts.activities.last == .some(nil), "then nothing is being read")
    }

    @Test("files the app restores by itself are quiet: no notice, no step to undo; what went wrong is still told")
    func restoredQuietly() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try LibraryScenario.writeTrip(in: folder)
        let empty = try folder.write(#"{"type":"FeatureCollection","features":[]}"#, to: "empty.geojson").path
        let parts = Parts()

        let messages = await parts.session.importFiles([trip.path!, empty], undoable: false)

        #expect(messages == [.error("Nothing was imported from “empty.geojson”: it holds no places.")])
        #expect(parts.editor.history.undoCount == 0)
        #expect(parts.model.sources.map(\.title) == ["World", "trip.geojson"])
    }

    @Test("a file that cannot be read leaves nothing behind and says why, naming it")
    func unreadable() async throws {
        let parts = Parts()
        let messages = await parts.session.importFiles(["/nowhere/lost.gpx"], undoable: true)
        #expect(messages == [.error("Could not import lost.gpx: it does not exist.")])
        #expect(parts.model.sources == [.bundled])
        #expect(parts.editor.history.undoCount == 0)
    }

    @Test("cancelling takes back the portions of the file being read and skips the rest, saying so")
    func cancel() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = try ImportReliabilityTests.bigFile(200_000, in: folder)
        let trip = try LibraryScenario.writeTrip(in: folder)
        let parts = Parts()
        let importing = Task { await parts.session.importFiles([big, trip.path!], undoable: true) }
        await waitUntil { parts.model.places.count > Samples.places.count }

        parts.session.cancel()
        let messages = await importing.value

        #expect(messages == [.error("Import cancelled: big.geojson and 1 more file were not imported.")])
        #expect(parts.model.sources == [.bundled])
        #expect(parts.model.places.count == Samples.places.count)
        #expect(parts.session.activity == nil)
    }

    @Test("a file whose places would need more memory than is free is refused once a hundredth of it (or 100,000 places) is read, saying how much; the files after it still come")
    func moreThanMemory() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let big = try ImportReliabilityTests.bigFile(200_000, in: folder)
        let trip = try LibraryScenario.writeTrip(in: folder)
        // 200,000 places need 80 MB and their 22 MB of text.
        let parts = Parts(freeMemory: { 60_000_000 })

        let messages = await parts.session.importFiles([big, trip.path!], undoable: true)

        let notice = try #require(messages.count == 1 ? messages.first : nil, "one message for the two files")
        guard case .notice(let batch) = notice, case .details(let details)? = batch.action else { Issue.record("\(notice)"); return }
        #expect(batch.message == "Imported 2 places from 2 files; 1 file with problems")
        // The count is estimated from the part read: about 200,000.
        #expect(details.text.hasPrefix("Could not import big.geojson: it holds about ") && details.text.contains(" places, which need about ")
                && details.text.hasSuffix(" MB of memory, and 60.0 MB is free."), "\(details.text)")
        #expect(parts.model.sources.map(\.title) == ["World", "trip.geojson"], "nothing of the refused file stays")
        #expect(parts.model.places.count == Samples.places.count + 2)
    }
}

extension ImportSession {
    /// Imports the files at `paths`, as the window does the files it is given.
    func importFiles(_ paths: [String], undoable: Bool) async -> [Message] {
        await importFiles(paths.map(PlaceFiles.source(for:)), undoable: undoable)
    }
}
