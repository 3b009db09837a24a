public struct MapLayersState: Equatable, Sendable {
    /// In drawing order, the lowest first.
    public var rows: [MapLayerRow] = []
    public var online = OnlineTiles()
    /// Why the address last typed for online tiles cannot be used; nil when it can.
    public var onlineProblem: String?
}
