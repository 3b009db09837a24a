import Foundation
@testable import PlacesCore
import Testing

/// The bundled gazetteer searched as a person types: folded, by alternate names, narrowed by region
/// words, forgiving one typo, ranked by match, population and nearness.
@Suite("Gazetteer search")
struct GazetteerSearchTests {
    static let gazetteer: Gazetteer = {
        // Read once for the suite: 12 MB to inflate.
        (try? BundledData(directory: SourceTree.dataDirectory).loadGazetteer()) ?? .empty
    }()

    private func first(_ query: String, near centre: Coordinate? = nil) -> GazetteerPlace? {
        Self.gazetteer.search(query, near: centre, limit: 1).first.map { Self.gazetteer.place($0.place) }
    }

    private func names(_ query: String, limit: Int = 5) -> [String] {
        Self.gazetteer.search(query, limit: limit).map { Self.gazetteer.place($0.place).name }
    }

    @Test("the file holds every town of cities500 and every IATA airport")
    func counts() {
        let towns = (0..<Self.gazetteer.count).filter { Self.gazetteer.kind(of: $0) == .town }.count
        #expect(towns == 234_908)
        #expect(Self.gazetteer.count - towns == 7_884)
    }

    @Test("Grenoble is found with its current region, country, population and time zone")
    func grenoble() throws {
        let place = try #require(first("grenoble"))
        #expect(place.name == "Grenoble")
        #expect(place.region == "Auvergne-Rhône-Alpes")
        #expect(place.country == "France")
        #expect(place.population == 158_552)
        #expect(place.timeZone == "Europe/Paris")
    }

    @Test("case, accents and punctuation are folded", arguments: [
        ("tubingen", "Tübingen"), ("TÜBINGEN", "Tübingen"), ("zurich", "Zürich"), ("lodz", "Łódź"),
        ("saint etienne", "Saint-Étienne"), ("sao paulo", "São Paulo"),
    ])
    func folding(query: String, name: String) {
        #expect(first(query)?.name == name)
    }

    @Test("alternate names find the place", arguments: [("cologne", "Köln"), ("koln", "Köln"), ("munich", "Munich"), ("munchen", "Munich")])
    func alternates(query: String, name: String) {
        #expect(first(query)?.name == name)
    }

    @Test("region words narrow same-named places")
    func regionWords() throws {
        let place = try #require(first("springfield illinois"))
        #expect(place.name == "Springfield")
        #expect(place.region == "Illinois")
        #expect(first("springfield missouri")?.region == "Missouri")
        #expect(first("london canada")?.country == "Canada")
        // A region word alone names nothing.
        #expect(Self.gazetteer.search("illinois", limit: 50).allSatisfy {
            Self.gazetteer.names(of: $0.place).contains { SearchKey($0).contains(SearchKey("illinois")) }
        })
    }

    @Test("one typo is forgiven in words of five letters or more", arguments: [("zurik", "Zürich"), ("londn", "London"), ("lodnon", "London"), ("grenobel", "Grenoble")])
    func typos(query: String, name: String) {
        #expect(first(query)?.name == name)
    }

    @Test("a hit says whether a word of the query was found only within a typo")
    func forgivenHits() throws {
        let diglas = try #require(Self.gazetteer.search("diglas", limit: 1).first)
        #expect(diglas.isForgiven && Self.gazetteer.place(diglas.place).name == "Digras")
        let digras = try #require(Self.gazetteer.search("digras", limit: 1).first)
        #expect(!digras.isForgiven)
        // Alternate spellings are names too: "Londn" is one of London's, found as typed.
        #expect(Self.gazetteer.search("londn", limit: 1).first?.isForgiven == false)
        // A word found as typed and one found within a typo: forgiven all the same.
        #expect(Self.gazetteer.search("diglas india", limit: 1).first?.isForgiven == true)
        #expect(Self.gazetteer.search("gren", limit: 5).allSatisfy { !$0.isForgiven })
    }

    @Test("a typo never outranks a true match, and short words are not forgiven")
    func typoLimits() {
        #expect(names("paris").first == "Paris")
        #expect(!names("paris", limit: 10).contains("Parma"))
        #expect(names("lodon").contains("London"))
        #expect(!names("zurk", limit: 20).contains("Zürich"))
    }

    @Test("words found in two of a town's names do not rank it as a name typed whole")
    func oneNameTypedWhole() {
        // Saint-Jean-sur-Richelieu: "san" begins its "san jan swr ryshlyw", "jo" ends its "Sen-Zhan-sjur-Rishel'jo".
        #expect(!names("san jo").contains("Saint-Jean-sur-Richelieu"), "\(names("san jo"))")
        // Chile's Los Ángeles has a name that begins with "angeles": no reason to list it before California's.
        #expect(first("los angeles")?.region == "California")
    }

    @Test("same-named places rank by population, then by nearness to the map's centre")
    func ranking() throws {
        let springfields = Self.gazetteer.search("springfield", limit: 3).map { Self.gazetteer.place($0.place) }
        #expect(springfields.map(\.population) == springfields.map(\.population).sorted(by: >))
        // Airports have no population: among equal scores, the nearest comes first.
        let lyon = Coordinate(latitude: 45.76, longitude: 4.84)
        let airports = Self.gazetteer.search("airport", near: lyon, limit: 200)
        let ties = zip(airports, airports.dropFirst()).filter {
            $0.score == $1.score && Self.gazetteer.place($0.place).population == Self.gazetteer.place($1.place).population
        }
        #expect(ties.count > 100)
        for (before, after) in ties {
            #expect(Self.gazetteer.coordinate(of: before.place).distance(to: lyon) <= Self.gazetteer.coordinate(of: after.place).distance(to: lyon))
        }
        let nearLyon = try #require(Self.gazetteer.search("saint exupery airport", near: lyon, limit: 1).first)
        #expect(Self.gazetteer.place(nearLyon.place).alternateNames.first == "LYS")
    }

    @Test("airports are found by name, city, IATA and ICAO code", arguments: [
        ("heathrow", "LHR"), ("london airport", "LHR"), ("lhr", "LHR"), ("egll", "LHR"), ("schiphol", "AMS"),
        ("orly", "ORY"), ("arlanda", "ARN"), ("ber", "BER"), ("gatwick", "LGW"),
    ])
    func airports(query: String, code: String) throws {
        let hits = Self.gazetteer.search(query, limit: 10).map { Self.gazetteer.place($0.place) }
        #expect(hits.contains { $0.kind == .airport && $0.alternateNames.first == code }, "\(hits.map(\.name))")
    }

    @Test("one letter finds nothing; a word found nowhere finds nothing")
    func nothing() {
        #expect(Self.gazetteer.search("a").isEmpty)
        #expect(Self.gazetteer.search("qqqqzzzz").isEmpty)
        #expect(Self.gazetteer.search("").isEmpty)
    }

    @Test("the edit check", arguments: [
        ("zurik", "zurich", false), ("londn", "london", true), ("lodnon", "london", true), ("londonx", "london", true),
        ("parma", "paris", nil), ("paris", "parisot", nil), ("grenobel", "grenoble", true),
    ] as [(String, String, Bool?)])
    func oneEdit(token: String, word: String, expected: Bool?) {
        #expect(Gazetteer.oneEdit(Array(token.utf8), ArraySlice(word.utf8)) == expected)
    }
}

extension GazetteerSearchTests {
    /// The file's words were folded by Python (`tools/gazetteer_data.py`); queries are folded by
    /// `SearchKey`. Every name of every place, folded here, must find its place through the vocabulary.
    @Test("the file's words are folded as SearchKey folds")
    func foldingAgrees() {
        let gazetteer = Self.gazetteer
        let vocabulary = gazetteer.vocabulary
        var misses: [String] = []
        for place in 0..<gazetteer.count {
            // ASCII is lower-cased alike by both; the folds differ, if ever, on the other scalars.
            for (slot, name) in gazetteer.names(of: place).enumerated() where !name.utf8.allSatisfy({ $0 < 0x80 }) {
                for word in GazetteerVocabulary.words(of: name) {
                    // The word itself sorts first among the words it begins; its postings are sorted.
                    let number = vocabulary.words(startingWith: word).lowerBound
                    let wanted = UInt32(place << 9 | slot << 2)
                    let postings = vocabulary.postings(of: number)
                    var index = postings.startIndex, end = postings.endIndex
                    while index < end {
                        let middle = (index + end) / 2
                        if postings[middle] < wanted { index = middle + 1 } else { end = middle }
                    }
                    let found = number < vocabulary.count && vocabulary.word(number).elementsEqual(word)
                        && index < postings.endIndex && postings[index] | 3 == wanted | 3
                    if !found { misses.append(name) }
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.count) names, such as \(misses.prefix(10))")
    }
}

extension GazetteerSearchTests {
    @Test("a searcher reused keystroke after keystroke answers as a fresh one does")
    func searcherReused() {
        let searcher = GazetteerSearcher(Self.gazetteer)
        let centre = Coordinate(latitude: 45.76, longitude: 4.84)
        for query in ["springfield illinois", "s", "sp", "spr", "zurik", "london airport", "airport", "grenoble", "köln", ""] {
            #expect(searcher.search(query, near: centre) == Self.gazetteer.search(query, near: centre), "\(query)")
        }
    }
}
