/// Hears every change of a `PlaceDraft`; held weakly.
@MainActor
public protocol PlaceDraftDelegate: AnyObject {
    /// The draft already holds the new values; `moved` says whether its position changed.
    func placeDraftDidChange(moved: Bool)
}
