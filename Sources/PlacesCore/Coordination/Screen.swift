/// What the window shows at the top level: which tab, and whether the place card is up. The
/// coordinator derives it from its state in one place and hands it to the `Shell` whole.
public struct Screen: Equatable, Sendable {
    public var tab: Tab
    public var showsCard: Bool

    public init(tab: Tab, showsCard: Bool) {
        self.tab = tab
        self.showsCard = showsCard
    }
}
