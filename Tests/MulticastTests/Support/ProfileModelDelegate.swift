/// The app's kind of delegate protocol: class-bound and main-actor isolated.
@MainActor
protocol ProfileModelDelegate: AnyObject {
    func didUpdate(name: String)
    func didSave()
}
