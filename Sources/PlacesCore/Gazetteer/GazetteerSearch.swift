import Foundation

extension Gazetteer {
    /// Query words of five letters or more forgive one typo (a letter wrong, missing, extra or two swapped,
    /// after the first letter).
    static let typoMinimum = 5
    /// Added when the words typed are a whole name, from its first word to its last.
    static let wholeNameBonus = 4

    /// The places whose names hold every word of `query` (see `GazetteerSearcher.search`), searched once:
    /// for a search after every keystroke, keep a `GazetteerSearcher`, which reuses its memory.
    public func search(_ query: String, near centre: Coordinate? = nil, limit: Int = 20) -> [GazetteerHit] {
        GazetteerSearcher(self).search(query, near: centre, limit: limit)
    }

    /// Whether the posting is an airport's IATA or ICAO code, its first two alternate names: typed whole,
    /// "lhr" means Heathrow before any town with LHR among its names.
    func isAirportCode(_ posting: UInt32) -> Bool {
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
