/// A group of places in the list (seed: `Group<T>`): its title and its members' indices in display order.
struct PlacesListSection {
    var title: String
    var members: [Int]
    /// The imported source the section lists (nil for favourites and bundled categories).
    var source: PlaceSource?
    /// Whether this is the Favourites section (its places are listed again in their own sections).
    var isFavourites = false

    /// Favourites, then the bundled places by category, then each imported source; each sorted by
    /// distance when `distances` is given, by folded name otherwise.
    @MainActor
    static func sections(of model: PlacesModel, distances: [Double]?, nameKeys: [SearchKey]) -> [PlacesListSection] {
        let places = model.places
        var favourites: [Int] = []
        var byCategory: [Category: [Int]] = [:]
        var bySource: [PlaceSource.ID: [Int]] = [:]
        for (index, place) in places.enumerated() {
            if model.favourites.contains(place.id) { favourites.append(index) }
            if place.source == PlaceSource.bundledID {
                byCategory[place.category.isKnown ? place.category : .other(""), default: []].append(index)
            } else {
                bySource[place.source, default: []].append(index)
            }
        }
        let order: (Int, Int) -> Bool = { lhs, rhs in
            if let distances, distances[lhs] != distances[rhs] { return distances[lhs] < distances[rhs] }
            return nameKeys[lhs].bytes.lexicographicallyPrecedes(nameKeys[rhs].bytes)
        }
        var sections: [PlacesListSection] = []
        if !favourites.isEmpty {
            sections.append(PlacesListSection(title: "Favourites", members: favourites.sorted(by: order), isFavourites: true))
        }
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
