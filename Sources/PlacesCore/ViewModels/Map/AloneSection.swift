/// A list section shown alone on the map ("Only “Vienna trip”"): its title, and an index of only its
/// places, in the model's slots, kept up to date as places and memberships change.
@MainActor
struct AloneSection {
    let section: PlaceSection
    let title: String
    private(set) var index: LivePlaceIndex

    /// Indexes the places of `section` in `model`.
    init(_ section: PlaceSection, title: String, in model: PlacesModel) {
        self.section = section
        self.title = title
        let isMember = model.isMember(of: section)
        index = LivePlaceIndex((0..<model.places.slotCount).map { slot in
            model.places[slot].flatMap { isMember($0) ? WebMercator.project($0.coordinate) : nil } ?? WorldPoint(x: .nan, y: .nan)
        })
    }

    /// Follows places added, moved or removed in `slots`.
    mutating func update(_ slots: [Int], in model: PlacesModel) {
        let isMember = model.isMember(of: section)
        index.update(slots.lazy.map { slot in
            (slot, model.places[slot].flatMap { isMember($0) ? WebMercator.project($0.coordinate) : nil })
        })
    }

    /// Whether `change` changed which places belong to the section without moving any (favourites or
    /// a collection: membership is kept apart from the places); it is then indexed anew.
    func membersChanged(by change: PlacesChange) -> Bool {
        switch section {
        case .favourites: change.favouritesChanged
        case .collection(let id): change.collectionsChanged.contains(id)
        case .kind, .source: false
        }
    }

    /// The coordinates of its places.
    func coordinates(in model: PlacesModel) -> [Coordinate] {
        model.places.slots.compactMap { slot in index.points[slot].x.isFinite ? model.places[slot]?.coordinate : nil }
    }

    /// The shapes drawn with it: its file's, when it is a file's section.
    var shapes: MapShapes.Showing {
        if case .source(let id) = section { .source(id) } else { .none }
    }
}
