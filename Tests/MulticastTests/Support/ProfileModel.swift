import Multicast

/// A model written the way the app writes them: a multicast delegate and operator-style broadcasts.
@MainActor
final class ProfileModel {
    let delegates = MulticastDelegate<any ProfileModelDelegate>()
    private(set) var name = ""

    /// Broadcasts the new name captured in the closure.
    func rename(_ newName: String) {
        name = newName
        delegates ~> { $0.didUpdate(name: newName) }
    }

    /// Broadcasts whatever the name is when each delegate's turn comes.
    func renameBroadcastingCurrentName(_ newName: String) {
        name = newName
        delegates ~> { $0.didUpdate(name: self.name) }
    }

    func save() {
        delegates ~> { $0.didSave() }
    }
}
