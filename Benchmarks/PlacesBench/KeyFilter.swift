import PlacesCore

/// The filter alone, through PlacesCore's public `SearchKey`: the keys `PlacesListViewModel` folds once per
/// place ("name category categories summary"), searched per keystroke with the query's tokens, visiting
/// places in a given order (the list's section order, as the view-model does, or load order).
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
