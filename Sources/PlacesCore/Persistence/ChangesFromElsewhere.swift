/// What another instance of Places saved in the library since this one last read or wrote it: learnt
/// while writing (what the file holds and this instance did not send), and applied to the model.
struct ChangesFromElsewhere: Equatable, Sendable {
    var favouritesAdded: Set<Place.ID> = []
    var favouritesRemoved: Set<Place.ID> = []
    var sourcesAdded: [PlaceSource] = []
    var sourcesRemoved: Set<PlaceSource.ID> = []
    /// Own places added or changed elsewhere.
    var placesChanged: [Place] = []
    var placesRemoved: Set<Place.ID> = []
    /// The collections as they are now, when another instance changed them.
    var collections: [PlaceCollection]?

    var isEmpty: Bool { self == ChangesFromElsewhere() }

    init() {}

    /// What `stored` (the file after a write) holds that `sent` (what was written) did not.
    init(sent: Library, stored: Library) {
        let favourites = Set(sent.favourites), storedFavourites = Set(stored.favourites)
        let sentSources = Set(sent.sources.map(\.id)), storedSources = Set(stored.sources.map(\.id))
        let sentPlaces = Dictionary(sent.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        favouritesAdded = storedFavourites.subtracting(favourites)
        favouritesRemoved = favourites.subtracting(storedFavourites)
        sourcesAdded = stored.sources.filter { !sentSources.contains($0.id) }
        sourcesRemoved = sentSources.subtracting(storedSources)
        placesChanged = stored.places.filter { sentPlaces[$0.id] != $0 }.map(\.place)
        placesRemoved = Set(sentPlaces.keys).subtracting(stored.places.map(\.id))
        collections = stored.collections == sent.collections ? nil : stored.collections
    }

    /// What the person is told: which of the own places this window shows another window, or another
    /// computer (`computers`, by name), changed or removed — "“Picnic” was renamed “Lunch” on laptop",
    /// or how many; that the library changed, when none of them was shown. Nil when nothing changed.
    func message(shown places: PlaceTable, computers: [String]) -> String? {
        let changed = placesChanged.compactMap { place in places.place(withID: place.id).map { (before: $0, after: place) } }
            .filter { $0.before != $0.after }
        let added = placesChanged.count { places.place(withID: $0.id) == nil }
        let removed = placesRemoved.compactMap { places.place(withID: $0) }
        let count = changed.count + added + removed.count
        guard !computers.isEmpty else {
            switch (changed.count, removed.count) {
            case (0, 0): return nil
            case (1, 0) where changed[0].before.name != changed[0].after.name:
                return tr("“{old}” was renamed “{new}” in another window", ["old": changed[0].before.shownName, "new": changed[0].after.shownName])
            case (1, 0): return tr("“{name}” was changed in another window", ["name": changed[0].after.shownName])
            case (0, 1): return tr("“{name}” was deleted in another window", ["name": removed[0].shownName])
            default:
                return trPlural("{count} of your places was changed or deleted in another window", "{count} of your places were changed or deleted in another window",
                                count: changed.count + removed.count, ["count": String(changed.count + removed.count)])
            }
        }
        let computer = computers.joined(separator: ", ")
        switch (changed.count, added, removed.count) {
        case (0, 0, 0): return isEmpty ? nil : tr("Your library was changed on {computer}", ["computer": computer])
        case (1, 0, 0) where changed[0].before.name != changed[0].after.name:
            return tr("“{old}” was renamed “{new}” on {computer}", ["old": changed[0].before.shownName, "new": changed[0].after.shownName, "computer": computer])
        case (1, 0, 0): return tr("“{name}” was changed on {computer}", ["name": changed[0].after.shownName, "computer": computer])
        case (0, 0, 1): return tr("“{name}” was deleted on {computer}", ["name": removed[0].shownName, "computer": computer])
        default:
            return trPlural("{count} place changed on {computer}", "{count} places changed on {computer}", count: count,
                            ["count": String(count), "computer": computer])
        }
    }

    /// What taking the changes in does to `model`, as one step of the undo history: own places put or
    /// removed, favourites set, collections replaced. Nil when it changes nothing there. Files removed
    /// elsewhere are not part of it (`removeSources`), and files added elsewhere are imported by the caller.
    @MainActor
    func edit(in model: PlacesModel) -> PlaceEdit? {
        var edits: [PlaceEdit] = []
        let favourite = { (id: Place.ID) in
            favouritesAdded.contains(id) || (!favouritesRemoved.contains(id) && model.favourites.contains(id))
        }
        let kept = { (id: Place.ID) in model.places.place(withID: id).map { PlaceEdit.KeptPlace(place: $0, isFavourite: model.favourites.contains(id)) } }
        for place in placesChanged {
            let before = kept(place.id)
            let after = PlaceEdit.KeptPlace(place: place, isFavourite: favourite(place.id))
            if before != after { edits.append(.place(before: before, after: after)) }
        }
        for id in placesRemoved.sorted() { if let before = kept(id) { edits.append(.place(before: before, after: nil)) } }
        let placed = Set(placesChanged.map(\.id))
        for id in favouritesAdded.sorted() where !placed.contains(id) && model.places.place(withID: id) != nil && !model.favourites.contains(id) {
            edits.append(.favourite(id, isFavourite: true))
        }
        for id in favouritesRemoved.sorted() where !placed.contains(id) && model.favourites.contains(id) { edits.append(.favourite(id, isFavourite: false)) }
        if let collections, collections != model.collections {
            edits += model.collections.enumerated().reversed().map { .collection(before: .init(collection: $1, position: $0), after: nil) }
            edits += collections.enumerated().map { .collection(before: nil, after: .init(collection: $1, position: $0)) }
        }
        return edits.isEmpty ? nil : .together(edits)
    }

    /// Takes the files removed elsewhere out of the model.
    @MainActor
    func removeSources(from model: PlacesModel) {
        sourcesRemoved.forEach(model.removeSource)
    }
}
