/// Hears every change of a `ProfileModel`. Subscribers add themselves to
/// the model's `delegates` in their `init` and are held weakly.
@MainActor
public protocol ProfileModelDelegate: AnyObject {
    /// The profile was saved (or saving failed): the model already holds the new values.
    func profileDidChange(_ change: ProfileChange)
}
