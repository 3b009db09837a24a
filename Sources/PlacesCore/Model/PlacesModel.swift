import Multicast

/// The one shared model of places: the places themselves, the lines and areas that came with them,
/// where they came from, which place or shape is selected, which are favourites and the collections
/// the person made. The map's, the list's and the card's view-models, the coordinator, `LibraryKeeper`
/// and the trace subscribe to `delegates`.
///
/// Changes happen in transactions: each mutating method is one, and `batch` groups several into one.
/// When the outermost transaction ends, the model broadcasts a single `PlacesChange` describing all
/// of it, once (nothing when nothing changed). A subscriber that changes the model while handling a
/// broadcast starts a new transaction, broadcast depth first (see `MulticastDelegate`); the model
/// always holds the newest state by then, so later subscribers read current values, never stale ones.
@MainActor
public final class PlacesModel {
    /// Everyone who hears about changes (weakly held).
    public let delegates = MulticastDelegate<any PlacesModelDelegate>()

    /// Every place, by slot.
    public private(set) var places = PlaceTable()
    /// Where the places came from: the bundled data and each imported file, in the order they came.
    public private(set) var sources: [PlaceSource] = []
    /// The ids in `sources`: ten thousand files imported at once ask for them once each.
    private var sourceIDs: Set<PlaceSource.ID> = []
    /// Ids of the favourite places (only places in the model).
    public private(set) var favourites: Set<Place.ID> = []
    /// The person's collections, in the order they were made.
    public private(set) var collections: [PlaceCollection] = []
    /// The lines and areas of each source (tracks, routes, polygons), in file order.
    public private(set) var shapes: [PlaceSource.ID: [PlaceShape]] = [:]
    /// Where each shape is in `shapes`, by its id.
    private var shapeIndex: [PlaceShape.ID: (source: PlaceSource.ID, index: Int)] = [:]

    /// A place found outside the library (see `FoundPlace`), as a place; it stays while it is selected.
    public private(set) var found: (place: Place, origin: FoundPlace)?

    /// The selected place's or shape's id, or nil. Setting it is a transaction of its own.
    public var selectedItem: Place.ID? {
        get { selection }
        set { select(newValue) }
    }

    private var selection: Place.ID?
    /// For own places edited on two computers at once, the value kept beside the one shown.
    public private(set) var alternatives: [Place.ID: [PlaceAlternative]] = [:]
    private var pending = PlacesChange()
    private var depth = 0

    public init(places: [Place] = [], sources: [PlaceSource] = []) {
        self.sources = sources
        sourceIDs = Set(sources.map(\.id))
        for place in places { _ = self.places.insert(place) }
        self.places.endTransaction()
    }

    public var selectedPlace: Place? { selection.flatMap(place(withID:)) }

    /// The place with `id` in the library, or the found place when it is that one.
    public func place(withID id: Place.ID) -> Place? {
        places.place(withID: id) ?? (found?.place.id == id ? found?.place : nil)
    }

    /// Shows `origin` as the found place (`place` is how it reads as a place) and selects it, in one transaction.
    public func show(found place: Place, from origin: FoundPlace) {
        batch {
            if found?.place != place { pending.foundChanged = true }
            found = (place, origin)
            select(place.id)
        }
    }

    /// The selected line or area, when a shape is what is selected.
    public var selectedShape: PlaceShape? { selection.flatMap(shape(withID:)) }

    public func shape(withID id: PlaceShape.ID) -> PlaceShape? {
        shapeIndex[id].flatMap { shapes[$0.source]?[$0.index] }
    }

    /// Runs `changes` as one transaction: whatever they change is broadcast once, together.
    public func batch(_ changes: () -> Void) {
        depth += 1
        changes()
        depth -= 1
        guard depth == 0 else { return }
        places.endTransaction()
        let change = pending
        pending = PlacesChange()
        guard !change.isEmpty else { return }
        delegates.invoke { $0.placesDidChange(change) }
    }

    /// Selects the place or shape with `id` (nil: nothing); an id not in the model selects nothing.
    public func select(_ id: Place.ID?) {
        batch {
            let target = id.flatMap { places.slot(of: $0) == nil && shapeIndex[$0] == nil && found?.place.id != $0 ? nil : $0 }
            pending.noteSelection(from: selection, to: target)
            selection = target
            // The found place is shown while it is selected: looking elsewhere lets it go.
            if let found, found.place.id != target {
                self.found = nil
                pending.foundChanged = true
            }
        }
    }

    /// Marks or unmarks the place with `id` as a favourite; an id not in the model is ignored.
    public func setFavourite(_ id: Place.ID, _ isFavourite: Bool) {
        guard places.slot(of: id) != nil, favourites.contains(id) != isFavourite else { return }
        batch {
            if isFavourite { favourites.insert(id) } else { favourites.remove(id) }
            pending.noteFavourite(id, isFavourite: isFavourite)
        }
    }

    /// Adds `places` and `shapes` as those of `source`: a new source is inserted at `position` (by
    /// default appended; the person's own places come right after the bundled ones); the places of a
    /// source the model already has are replaced (places with the same id are updated in their slots,
    /// the others added or removed), so re-importing a file changes only what differs, and so are its shapes.
    public func add(_ places: [Place], shapes: [PlaceShape] = [], from source: PlaceSource, at position: Int? = nil) {
        batch {
            let isNew: Bool
            if hasSource(source.id), let index = sources.firstIndex(where: { $0.id == source.id }) {
                isNew = false
                if sources[index] != source {
                    sources[index] = source
                    pending.sourcesChanged = true
                }
            } else {
                isNew = true
                addSource(source, at: position)
            }
            self.places.reserveCapacity(forAdding: places.count)
            var incoming = Set<Place.ID>(minimumCapacity: places.count)
            for place in places where incoming.insert(place.id).inserted {
                var place = place
                place.source = source.id
                insertOrUpdate(place)
            }
            // A source added now has no places from before to take away.
            if !isNew {
                let gone = self.places.slots.filter { slot in
                    self.places[slot]!.source == source.id && !incoming.contains(self.places[slot]!.id)
                }
                gone.forEach(removePlace(at:))
            }
            setShapes(shapes.map { shape in
                var shape = shape
                shape.source = source.id
                return shape
            }, of: source.id)
        }
    }

    /// Adds `places` and `shapes` to those of `source` (added at the end when the model has not got
    /// it), keeping what it has: a file's places arrive this way while it is still being read, room
    /// made at once for the `expectingMore` still to come (growing step by step rehashes every id).
    public func append(_ places: [Place], shapes: [PlaceShape] = [], to source: PlaceSource, expectingMore: Int = 0) {
        batch {
            if !hasSource(source.id) { addSource(source, at: nil) }
            self.places.reserveCapacity(forAdding: places.count + expectingMore)
            for place in places {
                var place = place
                // A file's places mostly name their source already: setting it anyway retains it again.
                if place.source != source.id { place.source = source.id }
                insertOrUpdate(place)
            }
            if !shapes.isEmpty {
                setShapes((self.shapes[source.id] ?? []) + shapes.map { shape in
                    var shape = shape
                    shape.source = source.id
                    return shape
                }, of: source.id)
            }
        }
    }

    /// Replaces the shapes of `source`; a selected shape that is gone is no longer selected.
    private func setShapes(_ new: [PlaceShape], of source: PlaceSource.ID) {
        let old = shapes[source] ?? []
        guard old != new else { return }
        for shape in old { shapeIndex[shape.id] = nil }
        shapes[source] = new.isEmpty ? nil : new
        for (index, shape) in new.enumerated() where shapeIndex[shape.id] == nil { shapeIndex[shape.id] = (source, index) }
        pending.shapesChanged.insert(source)
        if let selection, old.contains(where: { $0.id == selection }), shapeIndex[selection] == nil {
            pending.noteSelection(from: selection, to: nil)
            self.selection = nil
        }
    }

    public func hasSource(_ id: PlaceSource.ID) -> Bool { sourceIDs.contains(id) }

    /// Replaces the record of the loaded source with `source`'s id (what its file says about itself,
    /// known once it is read to the end); nothing happens for a source not loaded.
    public func update(_ source: PlaceSource) {
        guard let index = sources.firstIndex(where: { $0.id == source.id }), sources[index] != source else { return }
        batch {
            sources[index] = source
            pending.sourcesChanged = true
        }
    }

    /// Removes the source with `id` and all its places and shapes.
    public func removeSource(_ id: PlaceSource.ID) {
        guard let index = sources.firstIndex(where: { $0.id == id }) else { return }
        batch {
            sources.remove(at: index)
            sourceIDs.remove(id)
            pending.sourcesChanged = true
            pending.sourcesRemoved.insert(id)
            let slots = places.slots.filter { places[$0]!.source == id }
            slots.forEach(removePlace(at:))
            setShapes([], of: id)
        }
    }

    /// Adds `collection`, or replaces the one with its id (a new name, other members); a new one goes
    /// at `position` (clamped; by default last).
    public func put(_ collection: PlaceCollection, at position: Int? = nil) {
        batch {
            if let index = collections.firstIndex(where: { $0.id == collection.id }) {
                guard collections[index] != collection else { return }
                collections[index] = collection
            } else {
                collections.insert(collection, at: min(max(position ?? collections.count, 0), collections.count))
            }
            pending.collectionsChanged.insert(collection.id)
        }
    }

    public func removeCollection(_ id: PlaceCollection.ID) {
        guard let index = collections.firstIndex(where: { $0.id == id }) else { return }
        batch {
            collections.remove(at: index)
            pending.collectionsChanged.insert(id)
        }
    }

    /// Puts the place `id` into the collection `collection` (last), or takes it out.
    public func setMember(_ id: Place.ID, of collection: PlaceCollection.ID, _ isMember: Bool) {
        guard let index = collections.firstIndex(where: { $0.id == collection }), collections[index].contains(id) != isMember else { return }
        batch {
            if isMember { collections[index].members.append(id) } else { collections[index].members.removeAll { $0 == id } }
            pending.collectionsChanged.insert(collection)
        }
    }

    /// Replaces every collection (what the library restored, or another instance saved).
    /// Sets the values own places were given on another computer beside those shown (`PlaceAlternative`).
    public func setAlternatives(_ newAlternatives: [Place.ID: [PlaceAlternative]]) {
        guard newAlternatives != alternatives else { return }
        batch {
            pending.alternativesChanged.formUnion(Set(alternatives.keys).union(newAlternatives.keys).filter { alternatives[$0] != newAlternatives[$0] })
            alternatives = newAlternatives
        }
    }

    public func setCollections(_ newCollections: [PlaceCollection]) {
        guard newCollections != collections else { return }
        batch {
            let old = Dictionary(collections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let new = Dictionary(newCollections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            collections = newCollections
            pending.collectionsChanged.formUnion(Set(old.keys).union(new.keys).filter { old[$0] != new[$0] })
        }
    }

    /// Adds `place` to its source, or updates the place with its id in place; the source must be in
    /// the model, except the person's own (`PlaceSource.mine`), which is added with its first place.
    public func put(_ place: Place) {
        batch {
            if !hasSource(place.source) {
                guard place.source == PlaceSource.mineID else { return }
                addSource(.mine, at: nil)
            }
            insertOrUpdate(place)
        }
    }

    /// Removes the place with `id`; its source stays, even when it is left empty.
    public func remove(_ id: Place.ID) {
        guard let slot = places.slot(of: id) else { return }
        batch { removePlace(at: slot) }
    }

    /// Inserts `source` at `position` (clamped), or by default at the end, except the person's own
    /// places, which come right after the bundled ones.
    private func addSource(_ source: PlaceSource, at position: Int?) {
        let bundledEnd = sources.first?.isBundled == true ? 1 : 0
        let index = position ?? (source.id == PlaceSource.mineID ? bundledEnd : sources.count)
        sources.insert(source, at: min(max(index, 0), sources.count))
        sourceIDs.insert(source.id)
        pending.sourcesChanged = true
        pending.sourcesRemoved.remove(source.id)
    }

    private func insertOrUpdate(_ place: consuming Place) {
        switch places.insertOrReplace(consume place) {
        case (.added, let slot): pending.noteAdded(slot)
        case (.replaced, let slot): pending.noteUpdated(slot)
        case (.unchanged, _): break
        }
    }

    /// Empties `slot`; a removed place is no longer selected nor a favourite.
    private func removePlace(at slot: Int) {
        let place = places.remove(at: slot)
        pending.noteRemoved(slot, place: place)
        if selection == place.id {
            pending.noteSelection(from: selection, to: nil)
            selection = nil
        }
        if favourites.remove(place.id) != nil { pending.noteFavourite(place.id, isFavourite: false) }
    }
}

extension PlacesModel {
    /// Whether a place belongs to `section`, as things stand now (asked of many places at once).
    public func isMember(of section: PlaceSection) -> (Place) -> Bool {
        switch section {
        case .favourites:
            return { [favourites] in favourites.contains($0.id) }
        case .collection(let id):
            let ids = Set(collections.first { $0.id == id }?.members ?? [])
            return { ids.contains($0.id) }
        case .kind, .source:
            return { PlaceSection(listing: $0) == section }
        }
    }
}
