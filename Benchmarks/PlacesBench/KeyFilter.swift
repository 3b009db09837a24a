import PlacesCore

/// The fair baseline for the filter: one key array per place, folded once in advance as the view-model
/// folds them ("name category categories summary"), each searched per keystroke with `SearchKey`'s
/// `memchr`/`memcmp` scan. The view-model instead lays the keys end to end in one buffer (`SearchIndex`).
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
