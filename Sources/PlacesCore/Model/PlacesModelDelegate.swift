/// Hears every change of a `PlacesModel`. Subscribers (the map's, the list's and the card's view-models, the
/// coordinator, `LibraryKeeper`, the trace) add themselves to the model's `delegates` in their `init` and are
/// held weakly.
@MainActor
public protocol PlacesModelDelegate: AnyObject {
    /// One transaction ended: the model already holds its result, and `change` says what differs.
    /// The subscriber that made the change receives it too, and updates its own state only here.
    func placesDidChange(_ change: PlacesChange)
}
