/// Turns clusterer output into drawable markers and decides which names fit: the selected place is
/// always labelled; others only from zoom 5 on, greedily, where a label overlaps no other.
enum MapMarkerLabeller {
    static let minimumLabelZoom = 5.0
    static let maximumLabels = 150

    private struct Box {
        var minX, minY, maxX, maxY: Double
        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    static func items(for markers: [MapMarker], places: [Place], selectedIndex: Int?, zoom: Double) -> [MapMarkerItem] {
        var items: [MapMarkerItem] = []
        items.reserveCapacity(markers.count)
        var selected: MapMarkerItem?
        var boxes: [Box] = []
        if let selectedIndex, let marker = markers.first(where: { if case .place(selectedIndex, _) = $0 { true } else { false } }) {
            let place = places[selectedIndex]
            selected = MapMarkerItem(kind: .place(id: place.id, category: place.category, isSelected: true), position: marker.position, label: place.name)
            boxes.append(labelBox(place.name, at: marker.position))
        }
        for marker in markers {
            switch marker {
            case .cluster(let count, let at, _):
                items.append(MapMarkerItem(kind: .cluster(count: count), position: at, label: nil))
            case .place(let index, let at) where index != selectedIndex:
                let place = places[index]
                var label: String?
                if zoom >= minimumLabelZoom, boxes.count < maximumLabels {
                    let box = labelBox(place.name, at: at)
                    if !boxes.contains(where: { $0.overlaps(box) }) {
                        boxes.append(box)
                        label = place.name
                    }
                }
                items.append(MapMarkerItem(kind: .place(id: place.id, category: place.category, isSelected: false), position: at, label: label))
            case .place:
                continue
            }
        }
        if let selected { items.append(selected) }
        return items
    }

    /// Approximate box of a label drawn right of a marker (7 px per character, 16 px high).
    private static func labelBox(_ name: String, at point: ScreenPoint) -> Box {
        let width = 7.0 * Double(min(name.count, 40)) + 8
        return Box(minX: point.x + 9, minY: point.y - 9, maxX: point.x + 9 + width, maxY: point.y + 9)
    }
}
