import PlacesCore

/// A reference design for the filter alone, through PlacesCore's public `SearchKey`: one folded key array
/// per place ("name category categories summary", as the view-model folds them), searched per keystroke,
/// visiting places in a given order. `PlacesListViewModel` used to work this way; it now lays the keys end
/// to end in one buffer (`SearchIndex`), which is what the `search(_:)` row measures.
struct KeyFilter {
    private let keys: [SearchKey]
    private let order: [Int]

    /// Filters `keys` (one per place, in load order) visiting them in `order`.
    init(keys: [SearchKey], order: [Int]) {
        self.keys = keys
        self.order = order
    }

    /// The keys of `places`, built as the view-model builds them.
    static func keys(of places: [Place]) -> [SearchKey] {
        places.map { SearchKey("\($0.name) \($0.category.displayName) \($0.category.pluralName) \($0.summary)") }
    }

    /// Indices of the places matching every word of `query`, in visiting order.
    func matches(_ query: String) -> [Int] {
        let tokens = SearchKey.tokens(of: query)
        return order.filter { index in tokens.allSatisfy { keys[index].contains($0) } }
    }
}
