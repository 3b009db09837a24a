import PlacesCore

/// The scale bar at the map's bottom left: a round distance ("500 km") over a line that long.
@MainActor
struct MapScaleBar {
    let root: Box
    private let label = Label(classes: ["caption", "numeric"])
    private let line = Box(.horizontal, classes: ["map-scale-line"])

    init() {
        root = Box(.vertical, spacing: 2, [label, line], classes: ["map-scale"])
        root.align(horizontal: .start, vertical: .end)
        root.setMargins(12)
        root.canTarget = false
        label.align(horizontal: .start, vertical: .center)
        line.align(horizontal: .start, vertical: .center)
        root.setAccessibleLabel(tr("Scale"))
    }

    func show(_ scale: MapScale?) {
        root.isVisible = scale != nil
        guard let scale else { return }
        label.text = scale.label
        line.setSizeRequest(width: Int32(scale.width.rounded()), height: 6)
    }
}
