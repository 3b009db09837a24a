extension Library {
    /// The operations that make `base` into this library, each setting only the fields that differ.
    /// With `removing` false (joining a library into a folder that already holds one), nothing of
    /// `base` is deleted, unstarred or taken out of a collection: both are kept.
    public func operations(since base: Library, removing: Bool = true) -> [SyncOperation] {
        var operations: [SyncOperation] = []
        // Both lists in id order (as `Library` keeps them), walked side by side: no table of 100,000 ids.
        let new = Self.inIDOrder(places), old = Self.inIDOrder(base.places)
        var removed: [Place.ID] = []
        var i = 0, j = 0
        while i < new.count || j < old.count {
            if j == old.count || (i < new.count && new[i].id < old[j].id) {
                operations.append(SyncOperation(.place, new[i].id, .set(Self.fields(of: new[i]).filter { !Self.isEmpty($0.value) || $0.key == .kind })))
                i += 1
            } else if i == new.count || old[j].id < new[i].id {
                removed.append(old[j].id)
                j += 1
            } else {
                if new[i] != old[j] {
                    let before = Self.fields(of: old[j])
                    let changed = Self.fields(of: new[i]).filter { before[$0.key] != $0.value }
                    if !changed.isEmpty { operations.append(SyncOperation(.place, new[i].id, .set(changed))) }
                }
                i += 1
                j += 1
            }
        }
        let favourites = Set(favourites), baseFavourites = Set(base.favourites)
        for id in favourites.subtracting(baseFavourites).sorted() { operations.append(SyncOperation(.favourite, id, .set([.on: .flag(true)]))) }
        if removing {
            operations += removed.map { SyncOperation(.place, $0, .delete) }
            for id in baseFavourites.subtracting(favourites).sorted() { operations.append(SyncOperation(.favourite, id, .set([.on: .flag(false)]))) }
        }
        operations += sourceOperations(since: base, removing: removing)
        operations += collectionOperations(since: base, removing: removing)
        return operations
    }

    private func sourceOperations(since base: Library, removing: Bool) -> [SyncOperation] {
        var operations: [SyncOperation] = []
        let baseSources = Dictionary(base.sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for source in sources {
            var fields: [SyncField: SyncValue] = [.title: .text(source.title), .path: .text(source.path ?? "")]
            if let before = baseSources[source.id] {
                if before.title == source.title { fields[.title] = nil }
                if before.path == source.path { fields[.path] = nil }
            } else {
                fields[.created] = .flag(true)
            }
            if !fields.isEmpty { operations.append(SyncOperation(.source, source.id, .set(fields))) }
        }
        if removing {
            let kept = Set(sources.map(\.id))
            operations += base.sources.filter { !kept.contains($0.id) }.map { SyncOperation(.source, $0.id, .delete) }
        }
        return operations
    }

    private func collectionOperations(since base: Library, removing: Bool) -> [SyncOperation] {
        var operations: [SyncOperation] = []
        let baseCollections = Dictionary(base.collections.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for collection in collections {
            let before = baseCollections[collection.id]
            if before == nil {
                operations.append(SyncOperation(.collection, collection.id, .set([.name: .text(collection.name), .created: .flag(true)])))
            } else if before?.name != collection.name {
                operations.append(SyncOperation(.collection, collection.id, .set([.name: .text(collection.name)])))
            }
            let members = Set(collection.members), baseMembers = Set(before?.members ?? [])
            // In the order they were put in: the merged collection lists them by the clock of their commit, then by id.
            for place in collection.members where !baseMembers.contains(place) {
                operations.append(SyncOperation(.member, SyncOperation.memberID(collection: collection.id, place: place), .set([.on: .flag(true)])))
            }
            if removing {
                for place in (before?.members ?? []) where !members.contains(place) {
                    operations.append(SyncOperation(.member, SyncOperation.memberID(collection: collection.id, place: place), .set([.on: .flag(false)])))
                }
            }
        }
        if removing {
            let kept = Set(collections.map(\.id))
            operations += base.collections.filter { !kept.contains($0.id) }.map { SyncOperation(.collection, $0.id, .delete) }
        }
        return operations
    }

    /// `places` in id order, the first of each id kept (already so, unless changed since the library was made).
    private static func inIDOrder(_ places: [OwnPlace]) -> [OwnPlace] {
        let ordered = zip(places, places.dropFirst()).allSatisfy { $0.id < $1.id }
        if ordered { return places }
        var seen = Set<Place.ID>()
        return places.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    /// An own place's fields as operations set them: notes, link and properties absent are empty.
    static func fields(of place: OwnPlace) -> [SyncField: SyncValue] {
        [.name: .text(place.name), .kind: .text(place.kind), .position: .position(latitude: place.latitude, longitude: place.longitude),
         .notes: .text(place.notes ?? ""), .link: .text(place.link ?? ""), .properties: .pairs(place.properties ?? [:])]
    }

    private static func isEmpty(_ value: SyncValue) -> Bool {
        switch value {
        case .text(let text): text.isEmpty
        case .pairs(let pairs): pairs.isEmpty
        case .flag, .position: false
        }
    }
}
