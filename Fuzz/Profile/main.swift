// libFuzzer target: any bytes as profile.json. Loading never traps; a home city it keeps is on the
// globe; a profile it gives saves and loads back the same. Run by `make fuzz`.
import FuzzDriver
import Foundation
import PlacesCore

fuzzingRun { start, count in
    let folder = emptyScratchFolder(for: "profile")
    let store = FileProfileStore(folder: folder)
    try! Data(bytes: start, count: count).write(to: store.url)
    do {
        guard let profile = try store.loadProfile().value else { return 0 }
        precondition(profile.homeCity.map(\.coordinate.isValid) ?? true, "a home city off the globe")
        try store.save(profile)
        let again = try store.loadProfile().value
        precondition(again == profile, "a profile changed through a save")
    } catch let error as ProfileStoreError {
        precondition("\(error)".contains(store.url.path), "an error that does not name the file")
    } catch {
        preconditionFailure("an unexpected error: \(error)")
    }
    return 0
}
