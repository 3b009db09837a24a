extension Library {
    /// The operations that make `base` into this library, each setting only the fields that differ.
    /// With `removing` false (joining a library into a folder that already holds one), nothing of
    /// `base` is deleted, unstarred or taken out of a collection: both are kept.
    public func operations(since base: Library, removing: Bool = true) -> [SyncOperation] {
        var operations: [SyncOperation] = []
        let basePlaces = Dictionary(base.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for place in places {
            let fields = Self.fields(of: place)
            guard let before = basePlaces[place.id] else {
                operations.append(SyncOperation(.place, place.id, .set(fields.filter { !Self.isEmpty($0.value) || $0.key == .kind })))
                continue
            }
            let old = Self.fields(of: before)
            let changed = fields.filter { old[$0.key] != $0.value }
            if !changed.isEmpty { operations.append(SyncOperation(.place, place.id, .set(changed))) }
        }
        let favourites = Set(favourites), baseFavourites = Set(base.favourites)
        for id in favourites.subtracting(baseFavourites).sorted() { operations.append(SyncOperation(.favourite, id, .set([.on: .flag(true)]))) }
        if removing {
            let kept = Set(places.map(\.id))
            operations += basePlaces.keys.filter { !kept.contains($0) }.sorted().map { SyncOperation(.place, $0, .delete) }
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
