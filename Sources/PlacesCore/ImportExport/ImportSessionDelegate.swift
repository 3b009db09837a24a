/// Hears how the imports under way progress (the coordinator, which shows it in the header bar);
/// held weakly.
@MainActor
protocol ImportSessionDelegate: AnyObject {
    /// `ImportSession.activity` changed.
    func importActivityDidChange()
}
