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

        let basePlaces = byID(base.places), myPlaces = byID(mine.places)
        var places = byID(theirs.places)
        for (id, place) in myPlaces where basePlaces[id] != place { places[id] = place }
        for id in basePlaces.keys where myPlaces[id] == nil { places[id] = nil }
        return Library(
            favourites: Array(favourites), sources: mergedInOrder(base: base.sources, mine: mine.sources, theirs: theirs.sources),
            places: Array(places.values), collections: mergedInOrder(base: base.collections, mine: mine.collections, theirs: theirs.collections)
        )
    }

    /// How files and collections merge, each whole, by id: `theirs` in its order without what `mine`
    /// removed since `base`, taking `mine`'s version of what `mine` changed (a file's new title, a
    /// collection's name or members), then what only `mine` added.
    private static func mergedInOrder<Item: Identifiable & Equatable>(base: [Item], mine: [Item], theirs: [Item]) -> [Item] {
        let baseItems = byID(base), myItems = byID(mine)
        var merged: [Item] = []
        var seen = Set<Item.ID>()
        for item in theirs where seen.insert(item.id).inserted {
            let removedByMe = baseItems[item.id] != nil && myItems[item.id] == nil
            guard !removedByMe else { continue }
            if let mine = myItems[item.id], mine != baseItems[item.id] { merged.append(mine) } else { merged.append(item) }
        }
        for item in mine where baseItems[item.id] == nil && seen.insert(item.id).inserted {
            merged.append(item)
        }
        return merged
    }

    /// `items` by id, the first of each id kept.
    private static func byID<Item: Identifiable>(_ items: [Item]) -> [Item.ID: Item] {
        Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
