import Multicast

/// The one shared model of places: every tab's view-model subscribes to it, and every change is
/// broadcast from `didSet` to all of them. Setting a value equal to the current one broadcasts nothing.
///
/// Broadcasts pass the model's *current* value, so a subscriber that changes the model inside a
/// callback (a nested broadcast) never leaves later subscribers on a stale value.
@MainActor
public final class PlacesModel {
    /// Everyone who hears about changes (weakly held).
    public let delegates = MulticastDelegate<any PlacesModelDelegate>()

    /// All places, in load order.
    public var places: [Place] = [] {
        didSet {
            guard places != oldValue else { return }
            rebuildIndex()
            // Everyone hears about the new places first, so that the follow-up broadcasts below
            // (selection cleared, favourites pruned) never meet state built for the old array.
            delegates.invoke { $0.didChange(places: self.places) }
            if let selectedItem, indexByID[selectedItem] == nil { self.selectedItem = nil }
            favourites = favourites.filter { indexByID[$0] != nil }
        }
    }

    /// The selected place's id, or nil.
    public var selectedItem: Place.ID? {
        didSet {
            guard selectedItem != oldValue else { return }
            delegates.invoke { $0.didSelectItem(self.selectedItem) }
        }
    }

    /// The home city's coordinate, from the profile; nil when no home city is set.
    public var location: Coordinate? {
        didSet {
            guard location != oldValue else { return }
            delegates.invoke { $0.didUpdate(location: self.location) }
        }
    }

    /// Ids of the places marked as favourite.
    public var favourites: Set<Place.ID> = [] {
        didSet {
            guard favourites != oldValue else { return }
            delegates.invoke { $0.didChange(favourites: self.favourites) }
        }
    }

    /// Where the places came from: the bundled data and each imported file.
    public var sources: [PlaceSource] = [] {
        didSet {
            guard sources != oldValue else { return }
            delegates.invoke { $0.didChange(sources: self.sources) }
        }
    }

    private var indexByID: [Place.ID: Int] = [:]

    /// Creates a model holding `places`.
    public init(places: [Place] = [], sources: [PlaceSource] = []) {
        self.places = places
        self.sources = sources
        rebuildIndex()
    }

    /// The index of the place with `id` in `places` (seed name).
    public func findArrayIndex(by id: Place.ID) -> Int? { indexByID[id] }

    /// The coordinate of the place with `id` (seed name).
    public func getCoordinates(of id: Place.ID) -> Coordinate? {
        indexByID[id].map { places[$0].coordinate }
    }

    /// The place with `id`.
    public func place(withID id: Place.ID) -> Place? {
        indexByID[id].map { places[$0] }
    }

    /// The selected place, if any.
    public var selectedPlace: Place? { selectedItem.flatMap(place(withID:)) }

    /// Adds or removes `id` from the favourites.
    public func toggleFavourite(_ id: Place.ID) {
        if favourites.contains(id) { favourites.remove(id) } else { favourites.insert(id) }
    }

    private func rebuildIndex() {
        var index: [Place.ID: Int] = [:]
        index.reserveCapacity(places.count)
        for (position, place) in places.enumerated() where index[place.id] == nil {
            index[place.id] = position
        }
        indexByID = index
    }
}
