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

    /// What the person is told about own places this window shows that another window changed or
    /// removed (before `apply`): "“Picnic” was renamed “Lunch” in another window", or how many changed.
    /// Nil when none of them was shown here.
    func message(shown places: PlaceTable) -> String? {
        let changed = placesChanged.compactMap { place in places.place(withID: place.id).map { (before: $0, after: place) } }
            .filter { $0.before != $0.after }
        let removed = placesRemoved.compactMap { places.place(withID: $0) }
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

    /// Brings the model in step (the files added elsewhere are imported by the caller).
    @MainActor
    func apply(to model: PlacesModel) {
        sourcesRemoved.forEach(model.removeSource)
        model.batch {
            placesChanged.forEach(model.put)
            placesRemoved.forEach(model.remove)
            if let collections { model.setCollections(collections) }
            for id in favouritesAdded where model.places.place(withID: id) != nil { model.setFavourite(id, true) }
            for id in favouritesRemoved where model.places.place(withID: id) != nil { model.setFavourite(id, false) }
        }
    }
}
