public struct MapLayerRow: Equatable, Sendable {
    public var id: MapLayer.ID
    public var title: String
    /// Its levels ("Levels 3–12"), or why it shows nothing.
    public var subtitle: String
    public var isVisible: Bool
    /// Whether it can draw (its file opened).
    public var isAvailable: Bool
    /// Map files can be removed; the online layer is turned off instead.
    public var isRemovable: Bool

    init(_ layer: MapLayer) {
        id = layer.id
        title = layer.title
        isVisible = layer.isVisible
        isAvailable = layer.source != nil
        isRemovable = layer.id != .online
        if let problem = layer.problem {
            subtitle = problem
        } else if let metadata = layer.metadata {
            subtitle = tr("Levels {min}–{max}", ["min": String(metadata.minZoom), "max": String(metadata.maxZoom)])
        } else {
            subtitle = ""
        }
    }

    /// What a screen reader says for its check button: "Alps, levels 3–12".
    public var spokenName: String { subtitle.isEmpty ? title : tr("{title}, {subtitle}", ["title": title, "subtitle": subtitle.lowercased()]) }
}
