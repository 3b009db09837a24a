// libFuzzer target: any bytes as library.json. Loading never traps; it gives a library, or an error
// that names the file; a library it gives saves and loads back the same. Run by `make fuzz`.
import FuzzDriver
import Foundation
import PlacesCore

fuzzingRun { start, count in
    let folder = emptyScratchFolder(for: "library")
    let store = FileLibraryStore(folder: folder)
    try! Data(bytes: start, count: count).write(to: store.url)
    do {
        guard let library = try store.load().value else { return 0 }
        try store.save(library)
        let again = try store.load().value
        precondition(again == library, "a library changed through a save")
    } catch let error as LibraryStoreError {
        precondition("\(error)".contains(store.url.path), "an error that does not name the file")
    } catch {
        preconditionFailure("an unexpected error: \(error)")
    }
    return 0
}
