// save-probe FOLDER [ENTRIES]: saves two large library documents, alternately, to FOLDER/library.json
// as fast as it can, forever, so a test can kill -9 it mid-save and check the file is always whole.
import Foundation
import PlacesCore

/// One of the two documents (about 5 MB with 10,000 entries): `tag` tells them apart; the test
/// builds the same ones to compare. Long ids keep the size up and the encoding time down.
func document(_ tag: String, entries: Int) -> Library {
    let padding = String(repeating: tag, count: 480)
    return Library(
        favourites: (0..<entries).map { "\(tag)/favourite-\($0)-\(padding)" },
        sources: (0..<entries / 10).map {
            PlaceSource(id: "file:/probe/\(tag)/\($0).geojson", title: "\(tag) \($0).geojson", path: "/probe/\(tag)/\($0).geojson")
        }
    )
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: save-probe FOLDER [ENTRIES]\n".utf8))
    exit(2)
}
let entries = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
let store = FileLibraryStore(folder: URL(fileURLWithPath: arguments[1]))
// Encoded once, so the loop spends its time writing (where a kill hurts), not encoding.
let documents = try ["a", "b"].map { try FileLibraryStore.encode(document($0, entries: entries)) }
let verbose = ProcessInfo.processInfo.environment["SAVE_PROBE_VERBOSE"] != nil
// A test kills the probe; should the test process end first (a crash, a timeout), the probe stops on
// its own rather than write forever: it then belongs to another parent.
let parent = getppid()
var round = 0
while getppid() == parent {
    let start = ContinuousClock.now
    try AtomicFile.write(documents[round % 2], to: store.url)
    round += 1
    if verbose {
        FileHandle.standardOutput.write(Data("save \(round): \(documents[(round - 1) % 2].count) bytes in \(ContinuousClock.now - start)\n".utf8))
    }
}
