/// Hears when a `SaveQueue` starts or stops writing (the application, which stays alive until the
/// last save is written); held weakly.
@MainActor
public protocol SaveQueueDelegate: AnyObject {
    /// `SaveQueue.isSaving` changed.
    func savingDidChange()
}
