import PlacesCore

/// The markers on screen as widgets a screen reader and the keyboard reach: one flat, round button
/// over each marker the canvas draws (and each point of interest a vector map names), named as `MapMarkerItem.spokenName` says ("Paris, capital",
/// "12 places around Lyon: Lyon, Villeurbanne, Bron, …"). Tab moves between them nearest the map's centre first (the order they
/// are given in; GTK's own order would be by position on screen), Shift+Tab back; Enter or Space (or a
/// screen reader's click) activates one, and a focus ring shows which. The pointer passes through
/// them to the canvas, which keeps handling clicks and drags itself.
///
/// They follow the camera when it comes to rest: while the map glides or is dragged they keep their
/// last places (they draw nothing but the focus ring).
@MainActor
final class MarkerTargets {
    let root = Fixed()
    private var buttons: [Button] = []
    private var shown: [MapMarkerItem] = []
    private let activate: @MainActor (MapMarkerItem) -> Void

    /// Whether the focus is being moved by this type (not by GTK's own order, by position).
    private var isFocusing = false

    /// `activate` gets the marker activated. Tab past the last marker, or Shift+Tab before the first,
    /// goes on to the map's handlers around the markers.
    init(activate: @escaping @MainActor (MapMarkerItem) -> Void) {
        self.activate = activate
        root.canTarget = false
        root.setAccessibleLabel(tr("Places on the map"))
        let keys = ShortcutController(reach: .focusedWidget)
        keys.add("Tab") { [weak self] in self?.moveFocus(by: 1) ?? false }
        for backTab in ["<Shift>Tab", "<Shift>ISO_Left_Tab"] {
            keys.add(backTab) { [weak self] in self?.moveFocus(by: -1) ?? false }
        }
        root.add(keys)
        // Shift+Tab from after the map comes in where GTK's order by position says (the marker lowest
        // on screen); the last marker in this order is the one to come back to. (Markers take no
        // clicks: the focus comes in only from the keyboard.)
        let entering = FocusController()
        entering.onEnter { [weak self] in
            guard let self, !isFocusing else { return }
            // Once GTK has finished moving the focus in: moved again inside its move, the focus
            // leaves the marker it came to marked focused for a screen reader.
            Task { @MainActor [weak self] in _ = self?.focusLast() }
        }
        root.add(entering)
    }

    /// Focuses the first marker (the nearest the centre); false when none is shown.
    func focusFirst() -> Bool {
        guard !shown.isEmpty else { return false }
        return focus(buttons[0])
    }

    /// Focuses the last marker (the farthest from the centre); false when none is shown.
    func focusLast() -> Bool {
        guard !shown.isEmpty else { return false }
        return focus(buttons[shown.count - 1])
    }

    private func focus(_ button: Button) -> Bool {
        isFocusing = true
        defer { isFocusing = false }
        return button.grabFocus()
    }

    /// Focuses the marker `step` places from the focused one; false past either end.
    private func moveFocus(by step: Int) -> Bool {
        guard let focused = buttons.prefix(shown.count).firstIndex(where: \.containsFocus) else { return false }
        let next = focused + step
        guard shown.indices.contains(next) else { return false }
        return focus(buttons[next])
    }

    /// Puts a button over each of `markers` (hiding the ones not needed), unless they are already there.
    func show(_ markers: [MapMarkerItem]) {
        guard markers != shown else { return }
        shown = markers
        while buttons.count < markers.count { addButton() }
        for (index, button) in buttons.enumerated() {
            guard index < markers.count else {
                button.isVisible = false
                continue
            }
            let marker = markers[index]
            let radius = radius(of: marker)
            button.setSizeRequest(width: Int32(2 * radius), height: Int32(2 * radius))
            root.move(button, x: marker.position.x - radius, y: marker.position.y - radius)
            button.setAccessibleLabel(marker.spokenName)
            button.isVisible = true
        }
    }

    private func addButton() {
        let index = buttons.count
        let button = Button(classes: ["flat", "circular", "map-marker-target"])
        button.onClick { [weak self] in
            guard let self, index < self.shown.count else { return }
            self.activate(self.shown[index])
        }
        root.put(button, x: 0, y: 0)
        buttons.append(button)
    }

    private func radius(of marker: MapMarkerItem) -> Double {
        switch marker.kind {
        case .cluster(let count): MapMarkerStyle.clusterRadius(count) + 3
        case .place(_, _, let isSelected): (isSelected ? MapMarkerStyle.selectedRadius : MapMarkerStyle.placeRadius) + 4
        case .pointOfInterest: MapMarkerStyle.placeRadius + 4
        }
    }
}
