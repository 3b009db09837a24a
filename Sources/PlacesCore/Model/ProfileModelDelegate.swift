/// Hears every change of a `ProfileModel`. Subscribers add themselves to
/// the model's `delegates` in their `init` and are held weakly.
@MainActor
public protocol ProfileModelDelegate: AnyObject {
    /// Called at every step (`change.outcome`): restored, being saved, saved, or failed to save; the model
    /// already holds the new values.
    func profileDidChange(_ change: ProfileChange)
}
