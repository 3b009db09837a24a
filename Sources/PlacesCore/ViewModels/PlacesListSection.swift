/// A group of places in the list (seed: `Group<T>`): its title and its members' indices in display order.
struct PlacesListSection {
    var title: String
    var members: [Int]
    /// The imported source the section lists (nil for favourites and bundled categories).
    var source: PlaceSource?
    /// Whether this is the Favourites section (its places are listed again in their own sections).
    var isFavourites = false

    /// The order of places within a section: nearest first when `distances` is given, then by folded name.
    static func order(distances: [Double]?, nameKeys: [SearchKey]) -> (Int, Int) -> Bool {
        { lhs, rhs in
            if let distances, distances[lhs] != distances[rhs] { return distances[lhs] < distances[rhs] }
            if nameKeys[lhs] != nameKeys[rhs] { return nameKeys[lhs].bytes.lexicographicallyPrecedes(nameKeys[rhs].bytes) }
            return lhs < rhs  // a total order, so equal names keep the same order every time
        }
    }

    /// The Favourites section, or nil when there are none.
    @MainActor
    static func favourites(of model: PlacesModel, order: (Int, Int) -> Bool) -> PlacesListSection? {
        let members = model.favourites.compactMap(model.findArrayIndex(by:))
        return members.isEmpty ? nil : PlacesListSection(title: "Favourites", members: members.sorted(by: order), isFavourites: true)
    }

    /// The bundled places by category, then each imported source, each sorted by `order`. They do not
    /// depend on the favourites, so a favourite toggled re-sorts only the Favourites section.
    @MainActor
    static func groups(of model: PlacesModel, order: (Int, Int) -> Bool) -> [PlacesListSection] {
        var byCategory: [Category: [Int]] = [:]
        var bySource: [PlaceSource.ID: [Int]] = [:]
        for (index, place) in model.places.enumerated() {
            if place.source == PlaceSource.bundledID {
                byCategory[place.category.isKnown ? place.category : .other(""), default: []].append(index)
            } else {
                bySource[place.source, default: []].append(index)
            }
        }
        var sections: [PlacesListSection] = []
        for category in Category.known + [.other("")] {
            if let members = byCategory[category] {
                sections.append(PlacesListSection(title: category.pluralName, members: members.sorted(by: order)))
            }
        }
        for source in model.sources where !source.isBundled {
            if let members = bySource[source.id] {
                sections.append(PlacesListSection(title: source.title, members: members.sorted(by: order), source: source))
            }
        }
        return sections
    }
}

extension Category {
    /// Whether this is one of the known kinds (not `.other`).
    var isKnown: Bool {
        if case .other = self { false } else { true }
    }
}
