/// Hears every change of a `MapLayersModel`. Subscribers add themselves to the model's `delegates`
/// and are held weakly.
@MainActor
public protocol MapLayersModelDelegate: AnyObject {
    /// The model already holds the new layers.
    func mapLayersDidChange(_ change: MapLayersChange)
}
