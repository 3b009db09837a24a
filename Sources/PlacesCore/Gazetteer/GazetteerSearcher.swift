import Foundation

/// Searches one gazetteer again and again, as a person types: its memory for the places' scores is
/// made once and, after each search, cleared only where that search wrote, so a keystroke costs what
/// its words name, not 243,000 places. One searcher serves one thread (the list's, on the main actor).
public final class GazetteerSearcher {
    public let gazetteer: Gazetteer
    /// Taken out for each search: a local's accesses are checked when compiled, a class's stored
    /// properties' on every access, which cost as much as the search itself.
    private var memory: Memory

    /// One number per place, each search's.
    private struct Memory {
        var scores: [UInt16] = []
        /// Bit k: the query's word k is in a name.
        var found: [UInt16] = []
        /// Which name the query's first word was found in.
        var slots: [UInt8] = []
        /// The best quality of the word being looked up, per place.
        var best: [UInt8] = []
        /// Bit 0: the first word typed begins a name; bit 1: the last word typed ends one of the names
        /// the first begins. Both: the whole name was typed ("paris" is Paris, Texas before "Paris 15e
        /// Arrondissement"; "san jo" is not Saint-Jean-sur-Richelieu's "san jan swr ryshlyw" and
        /// "Sen-Zhan-sjur-Rishel'jo"). Bit 2: a word was found only within a typo.
        var edges: [UInt8] = []
        /// Bit n % 64: the first word typed begins name n (names 64 apart share a bit).
        var openers: [UInt64] = []
    }

    public init(_ gazetteer: Gazetteer) {
        self.gazetteer = gazetteer
        let count = gazetteer.count
        memory = Memory(scores: Array(repeating: 0, count: count), found: Array(repeating: 0, count: count),
                        slots: Array(repeating: 0, count: count), best: Array(repeating: 0, count: count),
                        edges: Array(repeating: 0, count: count), openers: Array(repeating: 0, count: count))
    }

    /// The places whose names hold every word of `query` as a word prefix, or whose region or country does
    /// (at least one word must be in the name: "springfield illinois"), best first: by score, then
    /// population, then distance from `centre`. Queries shorter than two letters find nothing.
    public func search(_ query: String, near centre: Coordinate? = nil, limit: Int = 20) -> [GazetteerHit] {
        let tokens = Array(GazetteerVocabulary.words(of: query).prefix(16))
        guard tokens.reduce(0, { $0 + $1.count }) >= 2, gazetteer.count > 0 else { return [] }
        var memory = Memory()
        swap(&memory, &self.memory)
        var candidates: [Int32] = []
        defer {
            // Cleared where this search wrote, for the next.
            for place in candidates.lazy.map(Int.init) {
                memory.scores[place] = 0
                memory.found[place] = 0
                memory.slots[place] = 0
                memory.edges[place] = 0
                memory.openers[place] = 0
            }
            swap(&memory, &self.memory)
        }
        let vocabulary = gazetteer.vocabulary
        for (number, token) in tokens.enumerated() {
            var touched: [Int32] = []
            let isLastToken = number == tokens.count - 1
            func record(_ posting: UInt32, _ quality: UInt8) {
                let place = GazetteerVocabulary.place(posting)
                if memory.best[place] == 0 { touched.append(Int32(place)) }
                if quality > memory.best[place] {
                    memory.best[place] = quality
                    if number == 0 { memory.slots[place] = UInt8(GazetteerVocabulary.name(posting)) }
                }
                if quality >= 4 {
                    let name = UInt64(1) << (GazetteerVocabulary.name(posting) % 64)
                    if number == 0, GazetteerVocabulary.isFirst(posting) {
                        memory.edges[place] |= 1
                        memory.openers[place] |= name
                    }
                    if isLastToken, GazetteerVocabulary.isLast(posting), memory.openers[place] & name != 0 { memory.edges[place] |= 2 }
                }
            }
            let prefixed = vocabulary.words(startingWith: token)
            for word in prefixed {
                let exact = vocabulary.word(word).count == token.count
                for posting in vocabulary.postings(of: word) {
                    let first = number == 0 && GazetteerVocabulary.isFirst(posting)
                    if exact, gazetteer.isAirportCode(posting) {
                        record(posting, 9)
                    } else {
                        record(posting, exact ? (first ? 8 : 7) : (first ? 5 : 4))
                    }
                }
            }
            if token.count >= Gazetteer.typoMinimum {
                for range in vocabulary.typoRanges(of: token) {
                    for word in range where !prefixed.contains(word) {
                        guard let whole = Gazetteer.oneEdit(token, vocabulary.word(word)) else { continue }
                        for posting in vocabulary.postings(of: word) {
                            record(posting, whole ? (GazetteerVocabulary.isFirst(posting) ? 3 : 2) : 1)
                        }
                    }
                }
            }
            for place in touched.lazy.map(Int.init) {
                if memory.found[place] == 0 { candidates.append(Int32(place)) }
                memory.scores[place] += UInt16(memory.best[place])
                if memory.best[place] < 4 { memory.edges[place] |= 4 }
                memory.found[place] |= 1 << number
                memory.best[place] = 0
            }
        }

        let all = UInt16(truncatingIfNeeded: (1 << tokens.count) - 1)
        // Which regions and countries each word names, by number, worked out only when a place needs
        // them: tens of thousands of places found by a letter ("london a") each look theirs up.
        var narrowing: [(regions: [Bool], countries: [Bool])?] = Array(repeating: nil, count: tokens.count)
        func names(_ number: Int) -> (regions: [Bool], countries: [Bool]) {
            if let known = narrowing[number] { return known }
            let token = tokens[number]
            let regions = gazetteer.regionWords.map { $0.contains { $0.starts(with: token) } }
            let countries = gazetteer.countryWords.indices.map {
                gazetteer.countryWords[$0].contains { $0.starts(with: token) } || gazetteer.countryCodes[$0].lowercased().utf8.elementsEqual(token)
            }
            narrowing[number] = (regions, countries)
            return (regions, countries)
        }
        // Each candidate's rank as one number: score, then population (towns are numbered by population,
        // so the place's number, inverted, breaks ties the same way).
        var keys: [UInt64] = []
        keys.reserveCapacity(candidates.count)
        for place in candidates.lazy.map(Int.init) {
            if memory.found[place] != all {
                let region = Int(gazetteer.regionOf[place]), country = Int(gazetteer.countryOf[place])
                let narrowed = (0..<tokens.count).allSatisfy { number in
                    guard memory.found[place] & (1 << number) == 0 else { return true }
                    let named = names(number)
                    return named.regions.indices.contains(region) && named.regions[region]
                        || named.countries.indices.contains(country) && named.countries[country]
                }
                guard narrowed else { continue }
            }
            let score = Int(memory.scores[place]) + (memory.edges[place] & 3 == 3 ? Gazetteer.wholeNameBonus : 0)
            memory.scores[place] = UInt16(score)
            keys.append(UInt64(score) << 52 | UInt64(gazetteer.populations[place]) << 20 | UInt64(Self.placeMask - place))
        }
        let top = Self.largest(keys, count: limit)
        var ranked = top.map { (key: $0 >> 20, place: Self.placeMask - Int($0 & UInt64(Self.placeMask))) }
        // Nearness decides only among equal scores and populations: measured for the ties at the cut.
        if let centre, let last = ranked.last {
            let ties = keys.filter { $0 >> 20 == last.key }.map { Self.placeMask - Int($0 & UInt64(Self.placeMask)) }
            ranked.removeAll { $0.key == last.key }
            let nearest = ties.map { ($0, gazetteer.coordinate(of: $0).distance(to: centre)) }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            ranked += nearest.prefix(limit - ranked.count).map { (last.key, $0.0) }
            // Ties above the cut are in the order of their place number; nearness orders them too.
            var start = 0
            while start < ranked.count {
                var end = start + 1
                while end < ranked.count, ranked[end].key == ranked[start].key { end += 1 }
                if end - start > 1 {
                    ranked[start..<end].sort { gazetteer.coordinate(of: $0.place).distance(to: centre) < gazetteer.coordinate(of: $1.place).distance(to: centre) }
                }
                start = end
            }
        }
        return ranked.map {
            GazetteerHit(place: $0.place, name: Int(memory.slots[$0.place]), score: Int(memory.scores[$0.place]), isForgiven: memory.edges[$0.place] & 4 != 0)
        }
    }

    /// Place numbers fit 20 bits: `GazetteerReader` refuses a file of more places.
    private static let placeMask = (1 << 20) - 1

    /// The `count` largest of `keys`, largest first: a min-heap of `count`, not a sort of them all.
    private static func largest(_ keys: [UInt64], count: Int) -> [UInt64] {
        guard count > 0 else { return [] }
        var heap: [UInt64] = []
        heap.reserveCapacity(count)
        for key in keys {
            if heap.count < count {
                heap.append(key)
                var child = heap.count - 1
                while child > 0, heap[(child - 1) / 2] > heap[child] {
                    heap.swapAt(child, (child - 1) / 2)
                    child = (child - 1) / 2
                }
            } else if key > heap[0] {
                heap[0] = key
                var parent = 0
                while true {
                    let left = 2 * parent + 1, right = left + 1
                    var smallest = parent
                    if left < heap.count, heap[left] < heap[smallest] { smallest = left }
                    if right < heap.count, heap[right] < heap[smallest] { smallest = right }
                    if smallest == parent { break }
                    heap.swapAt(parent, smallest)
                    parent = smallest
                }
            }
        }
        return heap.sorted(by: >)
    }
}
