/// What one transaction of a `PlacesModel` changed, as every subscriber receives it: the slots of the
/// places added, updated and removed (with each removed place as it was), whether the sources, the
/// selection or the favourites changed, and how. A view-model applies exactly this and nothing more.
public struct PlacesChange: Sendable, Equatable {
    /// Slots that hold a new place.
    public internal(set) var added: Set<Int> = []
    /// Slots whose place is still there with other values (name, position, kind...).
    public internal(set) var updated: Set<Int> = []
    /// Slots emptied, with the place each held.
    public internal(set) var removed: [Int: Place] = [:]
    /// Whether a source was added, removed or renamed.
    public internal(set) var sourcesChanged = false
    /// Sources removed (an imported file the person removed, or an import undone).
    public internal(set) var sourcesRemoved: Set<PlaceSource.ID> = []
    /// The selection before the transaction, when it changed.
    public internal(set) var previousSelection: Place.ID??
    /// Places that became favourites.
    public internal(set) var favouritesAdded: Set<Place.ID> = []
    /// Places that stopped being favourites (also when they were removed).
    public internal(set) var favouritesRemoved: Set<Place.ID> = []
    /// Collections created, renamed, deleted or whose members changed.
    public internal(set) var collectionsChanged: Set<PlaceCollection.ID> = []
    /// Sources whose lines and areas were added, replaced or removed.
    public internal(set) var shapesChanged: Set<PlaceSource.ID> = []
    /// Whether the found place (`PlacesModel.found`) came, went or is another.
    public internal(set) var foundChanged = false
    /// Own places whose values kept from another computer (`PlacesModel.alternatives`) changed.
    public internal(set) var alternativesChanged: Set<Place.ID> = []

    public init() {}

    /// Whether places were added, updated or removed.
    public var placesChanged: Bool { !added.isEmpty || !updated.isEmpty || !removed.isEmpty }

    public var selectionChanged: Bool { previousSelection != nil }

    public var favouritesChanged: Bool { !favouritesAdded.isEmpty || !favouritesRemoved.isEmpty }

    /// Whether nothing changed (then nothing is broadcast).
    public var isEmpty: Bool {
        !placesChanged && !sourcesChanged && !selectionChanged && !favouritesChanged && collectionsChanged.isEmpty && shapesChanged.isEmpty
            && !foundChanged && alternativesChanged.isEmpty
    }

    mutating func noteAdded(_ slot: Int) {
        added.insert(slot)
    }

    /// Notes that the place in `slot` changed; an addition in the same transaction stays an addition.
    mutating func noteUpdated(_ slot: Int) {
        if !added.contains(slot) { updated.insert(slot) }
    }

    /// Notes that `slot` was emptied of `place`; a place added and removed in the same transaction
    /// was never seen by anyone, so it leaves no trace.
    mutating func noteRemoved(_ slot: Int, place: Place) {
        updated.remove(slot)
        if added.remove(slot) == nil { removed[slot] = place }
    }

    mutating func noteSelection(from previous: Place.ID?, to current: Place.ID?) {
        if let original = previousSelection {
            if original == current { previousSelection = nil }  // back where it started
        } else if previous != current {
            previousSelection = .some(previous)
        }
    }

    mutating func noteFavourite(_ id: Place.ID, isFavourite: Bool) {
        if isFavourite {
            if favouritesRemoved.remove(id) == nil { favouritesAdded.insert(id) }
        } else {
            if favouritesAdded.remove(id) == nil { favouritesRemoved.insert(id) }
        }
    }
}
