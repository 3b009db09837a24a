import Foundation

extension Gazetteer {
    /// Query words of five letters or more forgive one typo (a letter wrong, missing, extra or two swapped,
    /// after the first letter).
    static let typoMinimum = 5
    /// Added when the words typed are a whole name, from its first word to its last.
    static let wholeNameBonus = 4

    /// The places whose names hold every word of `query` as a word prefix, or whose region or country does
    /// (at least one word must be in the name: "springfield illinois"), best first: by score, then
    /// population, then distance from `centre`. Queries shorter than two letters find nothing.
    public func search(_ query: String, near centre: Coordinate? = nil, limit: Int = 20) -> [GazetteerHit] {
        let tokens = Array(GazetteerVocabulary.words(of: query).prefix(16))
        guard tokens.reduce(0, { $0 + $1.count }) >= 2, count > 0 else { return [] }
        var scores = [UInt16](repeating: 0, count: count)
        var found = [UInt16](repeating: 0, count: count)  // bit k: token k is in a name
        var slots = [UInt8](repeating: 0, count: count)
        var best = [UInt8](repeating: 0, count: count)
        // Bit 0: the first word typed begins a name; bit 1: the last word typed ends one. Both: the whole
        // name was typed ("paris" is Paris, Texas before "Paris 15e Arrondissement").
        var edges = [UInt8](repeating: 0, count: count)
        var candidates: [Int32] = []
        for (number, token) in tokens.enumerated() {
            var touched: [Int32] = []
            let isLastToken = number == tokens.count - 1
            func record(_ posting: UInt32, _ quality: UInt8) {
                let place = GazetteerVocabulary.place(posting)
                if best[place] == 0 { touched.append(Int32(place)) }
                if quality > best[place] {
                    best[place] = quality
                    if number == 0 { slots[place] = UInt8(GazetteerVocabulary.name(posting)) }
                }
                if quality >= 4 {
                    if number == 0, GazetteerVocabulary.isFirst(posting) { edges[place] |= 1 }
                    if isLastToken, GazetteerVocabulary.isLast(posting) { edges[place] |= 2 }
                }
            }
            let prefixed = vocabulary.words(startingWith: token)
            for word in prefixed {
                let exact = vocabulary.word(word).count == token.count
                for posting in vocabulary.postings(of: word) {
                    let first = GazetteerVocabulary.isFirst(posting)
                    if exact, isAirportCode(posting) {
                        record(posting, 9)
                    } else {
                        record(posting, exact ? (first ? 8 : 7) : (first ? 5 : 4))
                    }
                }
            }
            if token.count >= Self.typoMinimum {
                for word in vocabulary.words(startingWith: [token[0]]) where !prefixed.contains(word) {
                    guard let whole = Self.oneEdit(token, vocabulary.word(word)) else { continue }
                    for posting in vocabulary.postings(of: word) {
                        record(posting, whole ? (GazetteerVocabulary.isFirst(posting) ? 3 : 2) : 1)
                    }
                }
            }
            for place in touched.lazy.map(Int.init) {
                if found[place] == 0 { candidates.append(Int32(place)) }
                scores[place] += UInt16(best[place])
                found[place] |= 1 << number
                best[place] = 0
            }
        }

        let all = UInt16(truncatingIfNeeded: (1 << tokens.count) - 1)
        let regionMatches = tokens.map { token in Set(regionWords.indices.filter { regionWords[$0].contains { $0.starts(with: token) } }) }
        let countryMatches = tokens.map { token in
            Set(countryWords.indices.filter { countryWords[$0].contains { $0.starts(with: token) } || countryCodes[$0].lowercased().utf8.elementsEqual(token) })
        }
        var ranked: [(key: UInt64, place: Int)] = []
        for place in candidates.lazy.map(Int.init) {
            if found[place] != all {
                let narrowed = (0..<tokens.count).allSatisfy { number in
                    found[place] & (1 << number) != 0
                        || regionMatches[number].contains(Int(regionOf[place]))
                        || countryMatches[number].contains(Int(countryOf[place]))
                }
                guard narrowed else { continue }
            }
            let score = Int(scores[place]) + (edges[place] == 3 ? Self.wholeNameBonus : 0)
            scores[place] = UInt16(score)
            ranked.append((UInt64(score) << 32 | UInt64(populations[place]), place))
        }
        ranked.sort { $0.key != $1.key ? $0.key > $1.key : $0.place < $1.place }
        // Nearness decides only among equal scores and populations: measured for the ties at the cut.
        var cut = min(limit, ranked.count)
        if let centre, cut > 0 {
            while cut < ranked.count, ranked[cut].key == ranked[cut - 1].key { cut += 1 }
            let distances = ranked[..<cut].map { coordinate(of: $0.place).distance(to: centre) }
            let order = (0..<cut).sorted { ranked[$0].key != ranked[$1].key ? ranked[$0].key > ranked[$1].key : distances[$0] < distances[$1] }
            ranked = order.map { ranked[$0] }
        }
        return ranked.prefix(limit).map { GazetteerHit(place: $0.place, name: Int(slots[$0.place]), score: Int(scores[$0.place])) }
    }

    /// Whether the posting is an airport's IATA or ICAO code, its first two alternate names: typed whole,
    /// "lhr" means Heathrow before any town with LHR among its names.
    private func isAirportCode(_ posting: UInt32) -> Bool {
        let slot = GazetteerVocabulary.name(posting)
        return (slot == 1 || slot == 2) && kinds[GazetteerVocabulary.place(posting)] == Kind.airport.rawValue
    }

    /// Whether `word`, or a prefix of it, is one edit from `token` (which it does not begin with); nil if
    /// not, true if the whole word is, false if only a prefix is. Allocates nothing: it runs on every
    /// vocabulary word sharing the token's first letter.
    static func oneEdit(_ token: [UInt8], _ slice: ArraySlice<UInt8>) -> Bool? {
        guard slice.count + 1 >= token.count else { return nil }
        return token.withUnsafeBufferPointer { token in
            slice.withUnsafeBufferPointer { word in
                var index = 0
                while index < token.count, index < word.count, token[index] == word[index] { index += 1 }
                if index == word.count { return token.count == word.count + 1 ? true : nil }  // one letter added at the end
                if index == token.count { return nil }  // the word begins with the token: not a typo
                // Whether the token from `t` begins the word from `w`, and if so whether it ends it too.
                func rest(_ t: Int, _ w: Int) -> Bool? {
                    let remaining = token.count - t
                    guard w + remaining <= word.count else { return nil }
                    for offset in 0..<remaining where token[t + offset] != word[w + offset] { return nil }
                    return w + remaining == word.count
                }
                var result: Bool?
                func consider(_ edit: Bool?) { if let edit { result = (result ?? false) || edit } }
                consider(rest(index + 1, index + 1))  // one letter wrong
                consider(rest(index + 1, index))  // one letter extra
                consider(rest(index, index + 1))  // one letter missing
                if index + 1 < token.count, index + 1 < word.count, token[index] == word[index + 1], token[index + 1] == word[index] {
                    consider(rest(index + 2, index + 2))  // two letters swapped
                }
                return result
            }
        }
    }
}
