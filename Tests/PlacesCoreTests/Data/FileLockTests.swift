import Foundation
@testable import PlacesCore
import Testing

/// The lock two instances of Places take around a save.
@Suite("File lock")
struct FileLockTests {
    @Test("a save into a folder that does not exist yet still holds the lock (two first saves once raced)")
    func lockedBeforeTheFolderExists() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let document = folder.url.appendingPathComponent("data/places/library.json")
        let heldElsewhere = FileLock.exclusively(for: document) { () -> Bool in
            // flock locks belong to an open file: a second open of the folder is another holder.
            let other = open(document.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { close(other) }
            return other >= 0 && flock(other, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
        }
        #expect(heldElsewhere, "the folder was not locked while the document was saved")
    }
}
