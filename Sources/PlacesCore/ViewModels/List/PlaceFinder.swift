import Foundation

/// Finds what a search text names beyond the library: reads it as a point (coordinates, a `geo:` URI,
/// a web map link, a Plus Code) or else looks its words up in the gazetteer, leaving out the towns and
/// airports the map already has as bundled places when the library's search lists those in their own
/// sections: a typo it does not forgive ("zurik") or an alternate name lists the gazetteer's.
@MainActor
struct PlaceFinder {
    /// At most this many towns and airports are listed: the best matches, not every village of a name.
    static let townLimit = 20
    /// A bundled place of the same name this close is taken for the gazetteer's.
    static let sameNameRadius = 25.0

    /// The gazetteer, with the memory its searches reuse.
    let searcher: GazetteerSearcher
    let numbers: LocalizedNumbers
    let home: City?
    let unit: DistanceUnit

    /// A bundled place's position and search key, found by its name.
    typealias BundledTwins = [SearchKey: [(coordinate: Coordinate, key: SearchKey)]]

    func find(_ query: String, near centre: Coordinate, bundled: BundledTwins) -> FoundResults {
        var results = FoundResults()
        switch LocationInput.read(query, near: centre) {
        case .point(let link):
            results.point = [row(for: .point(link))]
            return results
        case .unreadable(let problem):
            results.problem = problem.description
            return results
        case .words(let words):
            var forgiven = true
            let tokens = SearchKey.tokens(of: query)
            for hit in searcher.search(words, near: centre, limit: Self.townLimit) {
                let place = searcher.gazetteer.place(hit.place)
                let listed = bundled[SearchKey(place.name)]?.contains { twin in
                    twin.coordinate.distance(to: place.coordinate) < Self.sameNameRadius && tokens.allSatisfy { twin.key.contains($0) }
                }
                let known = listed == true
                if !known {
                    results.towns.append(row(for: .gazetteer(place), matchedName: hit.name > 0 ? place.alternateNames[hit.name - 1] : nil))
                    forgiven = forgiven && hit.isForgiven
                }
            }
            results.townsAreForgiven = forgiven && !results.towns.isEmpty
            return results
        }
    }

    /// A found place's row: its name, its kind with where it is ("City · Isère, France", with the name
    /// the search matched when it is another: "· Cologne"), and its distance from home.
    private func row(for found: FoundPlace, matchedName: String? = nil) -> FoundResults.FoundRow {
        let place = found.place(numbers: numbers)
        let kind: String
        switch found {
        case .gazetteer(let town):
            kind = ([place.category.displayName, town.whereAbouts] + (matchedName.map { [$0] } ?? [])).filter { !$0.isEmpty }.joined(separator: " · ")
        case .point(let link):
            kind = [tr("Location"), PlaceFormatting.coordinate(link.coordinate)].joined(separator: " · ")
        case .mapFeature:
            kind = place.category.displayName
        }
        let distance = home.map { numbers.distance(kilometres: $0.coordinate.distance(to: place.coordinate), in: unit) }
        return .init(row: PlaceRow(id: place.id, name: place.shownName, category: kind, symbol: place.category.symbol, distance: distance),
                     origin: found)
    }
}
