/// Turns clusterer output into drawable markers and decides which names fit: the selected place is
/// always labelled; others only from zoom 5 on, capitals first, then cities, stations, landmarks and
/// airports, greedily, right of the marker or else left of it, where a label covers no other label
/// and no marker (at most `maximumAttempts` markers are tried, so crowded views stay cheap).
enum MapMarkerLabeller {
    static let minimumLabelZoom = 5.0
    static let maximumLabels = 150
    static let maximumAttempts = 400

    /// The drawable markers (the selected one last, drawn on top), and the boxes their markers and
    /// labels occupy (for the base map's city names). No name is placed over `reserved` (the legend).
    /// `nearby` names a cluster's first places, from its bounds and its position; `spokenCount` writes
    /// its count for a screen reader.
    static func items(
        for markers: [MapMarker], places: PlaceTable, selectedSlot selectedIndex: Int?, favourites: Set<Place.ID>, zoom: Double,
        reserved: [LabelBox] = [], spokenCount: (Int) -> String? = { _ in nil },
        nearby: (WorldRect, ScreenPoint) -> [String] = { _, _ in [] }
    ) -> (items: [MapMarkerItem], occupied: [LabelBox]) {
        let markerBoxes = markers.map { box(of: $0, selectedIndex: selectedIndex) } + reserved
        var labelBoxes: [LabelBox] = []
        var labelled: [Int: LabelSide] = [:]
        if let selectedIndex, let position = markers.lazy.compactMap({ position(of: selectedIndex, in: $0) }).first {
            labelBoxes.append(LabelBox.label(places[selectedIndex]!.name, at: position))
            labelled[selectedIndex] = .right
        }
        if zoom >= minimumLabelZoom {
            for (index, position) in candidates(markers, places: places, excluding: selectedIndex).prefix(maximumAttempts) {
                guard labelBoxes.count < maximumLabels else { break }
                for side in [LabelSide.right, .left] {
                    let box = LabelBox.label(places[index]!.name, at: position, side: side)
                    guard !labelBoxes.contains(where: { $0.overlaps(box) }), !markerBoxes.contains(where: { $0.overlaps(box) }) else { continue }
                    labelBoxes.append(box)
                    labelled[index] = side
                    break
                }
            }
        }
        var items = markers.map { marker -> MapMarkerItem in
            switch marker {
            case .cluster(let count, let at, let bounds):
                return MapMarkerItem(kind: .cluster(count: count), position: at, label: nil, nearby: nearby(bounds, at), spokenCount: spokenCount(count))
            case .place(let index, let at):
                let place = places[index]!
                return MapMarkerItem(
                    kind: .place(id: place.id, category: place.category, isSelected: index == selectedIndex),
                    position: at, label: labelled[index] == nil ? nil : place.name.clipped(to: LabelBox.maximumCharacters),
                    labelSide: labelled[index] ?? .right, name: place.shownName, isFavourite: favourites.contains(place.id),
                    fileColour: place.source == PlaceSource.bundledID ? nil : FileColour.of(place.properties)
                )
            }
        }
        if let selected = items.firstIndex(where: { if case .place(_, _, true) = $0.kind { true } else { false } }) {
            items.append(items.remove(at: selected))
        }
        return (items, labelBoxes + markerBoxes)
    }

    /// Single places that may get a label, most important kind first.
    private static func candidates(_ markers: [MapMarker], places: PlaceTable, excluding selected: Int?) -> [(Int, ScreenPoint)] {
        markers.compactMap { marker -> (Int, ScreenPoint)? in
            guard case .place(let index, let at) = marker, index != selected else { return nil }
            return (index, at)
        }
        .sorted { lhs, rhs in
            let (left, right) = (labelRank(places[lhs.0]!.category), labelRank(places[rhs.0]!.category))
            return left != right ? left < right : lhs.0 < rhs.0  // a total order: no flicker while panning
        }
    }

    private static func labelRank(_ category: Category) -> Int {
        switch category {
        case .capital: 0
        case .city: 1
        case .station: 2
        case .landmark: 3
        case .airport: 4
        case .other: 5
        }
    }

    private static func position(of index: Int, in marker: MapMarker) -> ScreenPoint? {
        if case .place(index, let at) = marker { at } else { nil }
    }

    private static func box(of marker: MapMarker, selectedIndex: Int?) -> LabelBox {
        switch marker {
        case .cluster(let count, let at, _):
            LabelBox.marker(at: at, radius: MapMarkerStyle.clusterRadius(count))
        case .place(let index, let at):
            LabelBox.marker(at: at, radius: index == selectedIndex ? MapMarkerStyle.selectedRadius + 5 : MapMarkerStyle.placeRadius + 2)
        }
    }
}
