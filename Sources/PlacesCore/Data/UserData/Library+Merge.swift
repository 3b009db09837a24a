extension Library {
    /// A three-way merge for two instances of Places saving one library: what `mine` changed since
    /// `base` (both of this instance) is applied to `theirs` (what the file holds now), so neither
    /// erases the other's changes. A favourite or a file added on either side is kept; one removed on
    /// either side is gone. Files keep `theirs`' order, then the ones only `mine` added. An own place
    /// that `mine` added or changed takes `mine`'s version; one `mine` deleted is gone; the rest are `theirs`.
    /// Collections merge the same way, whole, in `theirs`' order, then the ones only `mine` made.
    public static func merged(base: Library, mine: Library, theirs: Library) -> Library {
        let baseFavourites = Set(base.favourites), myFavourites = Set(mine.favourites)
        let favourites = Set(theirs.favourites)
            .union(myFavourites.subtracting(baseFavourites))
            .subtracting(baseFavourites.subtracting(myFavourites))

        let baseSources = Dictionary(base.sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let mySources = Dictionary(mine.sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var sources: [PlaceSource] = []
        var seen = Set<PlaceSource.ID>()
        for source in theirs.sources where seen.insert(source.id).inserted {
            let removedByMe = baseSources[source.id] != nil && mySources[source.id] == nil
            guard !removedByMe else { continue }
            // A file this instance changed (a new title or path) takes this instance's version.
            if let mine = mySources[source.id], mine != baseSources[source.id] { sources.append(mine) } else { sources.append(source) }
        }
        for source in mine.sources where baseSources[source.id] == nil && seen.insert(source.id).inserted {
            sources.append(source)
        }

        let basePlaces = Dictionary(base.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let myPlaces = Dictionary(mine.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var places = Dictionary(theirs.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (id, place) in myPlaces where basePlaces[id] != place { places[id] = place }
        for id in basePlaces.keys where myPlaces[id] == nil { places[id] = nil }
        return Library(favourites: Array(favourites), sources: sources, places: Array(places.values),
                       collections: mergedCollections(base: base.collections, mine: mine.collections, theirs: theirs.collections))
    }

    private static func mergedCollections(base: [PlaceCollection], mine: [PlaceCollection], theirs: [PlaceCollection]) -> [PlaceCollection] {
        let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let mineByID = Dictionary(mine.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var merged: [PlaceCollection] = []
        for collection in theirs {
            if baseByID[collection.id] != nil && mineByID[collection.id] == nil { continue }  // deleted here
            if let mine = mineByID[collection.id], mine != baseByID[collection.id] { merged.append(mine) } else { merged.append(collection) }
        }
        let kept = Set(merged.map(\.id)).union(theirs.map(\.id))
        return merged + mine.filter { baseByID[$0.id] == nil && !kept.contains($0.id) }
    }
}
