/// Something that can switch tabs on request: the coordinator, as view-models see it.
@MainActor
public protocol Navigator: AnyObject {
    /// Asks for `tab` to be shown.
    func show(tab: Tab)
}
