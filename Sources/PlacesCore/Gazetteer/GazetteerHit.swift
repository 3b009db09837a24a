/// A gazetteer place found by a search, with how well it matched.
public struct GazetteerHit: Hashable, Sendable {
    public var place: Int
    /// Which of its names matched the query's first word: 0 for its own name, 1 + i for alternate i.
    public var name: Int
    /// The sum over the query's words found in its names: an airport's code typed whole 9, a whole word 8
    /// (7 when not the name's first, or not the query's), a word's beginning 5 (4), within one typo 3 (2)
    /// or 1 for a beginning. One name typed whole, first word to last, adds 4 (not through a typo). Words
    /// found in its region or country add nothing but must all be found.
    public var score: Int
    /// Some word of the query is in its names only within a typo ("diglas" for Digras).
    public var isForgiven = false
}
