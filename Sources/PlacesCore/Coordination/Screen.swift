/// What the window shows at the top level: which tab, and what is up at the bottom: the place card
/// or the place editor (never both). The coordinator derives it from its state in one place and hands
/// it to the `Shell` whole.
public struct Screen: Equatable, Sendable {
    public var tab: Tab
    public var showsCard: Bool
    /// The editor of `AppCoordinator.editing` is up.
    public var showsEditor: Bool

    public init(tab: Tab, showsCard: Bool, showsEditor: Bool = false) {
        self.tab = tab
        self.showsCard = showsCard
        self.showsEditor = showsEditor
    }
}
