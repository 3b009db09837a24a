/// A delegate that logs each call as `"<label>:<value>"` (or `"<label>:save"`), then runs its hook.
///
/// Hooks let a test act from inside a broadcast (add, remove, release, broadcast again). A hook must not
/// capture its own delegate strongly, or the delegate would never be deallocated.
@MainActor
final class RecordingDelegate: ProfileModelDelegate {
    let label: String
    let log: CallLog
    var onUpdate: ((String) -> Void)?
    var onSave: (() -> Void)?

    init(_ label: String, log: CallLog) {
        self.label = label
        self.log = log
    }

    func didUpdate(name: String) {
        log.record("\(label):\(name)")
        onUpdate?(name)
    }

    func didSave() {
        log.record("\(label):save")
        onSave?()
    }
}
