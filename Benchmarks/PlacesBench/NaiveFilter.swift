import Foundation
import PlacesCore

/// The naive re-filter: on every keystroke, fold each place's text with Foundation and search it for each
/// folded word of the query (an empty query lists everything). Same matching rule as the view-model.
struct NaiveFilter {
    let places: [Place]

    /// Indices of the places matching every word of `query`.
    func matches(_ query: String) -> [Int] {
        let words = query.split(whereSeparator: { $0.isWhitespace }).map(Self.fold)
        guard !words.isEmpty else { return Array(places.indices) }
        return places.indices.filter { index in
            let place = places[index]
            let text = Self.fold("\(place.name) \(place.category.displayName) \(place.category.pluralName) \(place.summary)")
            return words.allSatisfy { text.contains($0) }
        }
    }

    private static func fold<Text: StringProtocol>(_ text: Text) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
