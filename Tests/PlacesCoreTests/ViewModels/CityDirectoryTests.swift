import Foundation
import PlacesCore
import Testing

/// The home-city type-ahead.
@Suite("City directory")
struct CityDirectoryTests {
    private let directory = CityDirectory(Samples.cities)

    @Test("suggestions match the start of the name ignoring case and diacritics, most populous first")
    func prefixSuggestions() {
        #expect(directory.suggestions(for: "zu") == [Samples.zurichCity, Samples.zugCity])
        #expect(directory.suggestions(for: "ZÜR") == [Samples.zurichCity])
        #expect(directory.suggestions(for: "  ly ") == [Samples.lyonCity, Samples.lyonsCity])
        #expect(directory.suggestions(for: "lyon, f") == [Samples.lyonCity])
        #expect(directory.suggestions(for: "yon") == [])
        #expect(directory.suggestions(for: "") == [])
        #expect(directory.suggestions(for: "   ") == [])
    }

    @Test("at most eight suggestions are offered, the most populous ones")
    func suggestionLimit() {
        let springfields = (1...12).map {
            City(name: "Springfield", country: "State \($0)", coordinate: Coordinate(latitude: 40, longitude: -90), population: $0 * 1000)
        }
        let directory = CityDirectory(springfields)
        let found = directory.suggestions(for: "spring")
        #expect(found.count == 8)
        #expect(found.map(\.population) == [12, 11, 10, 9, 8, 7, 6, 5].map { $0 * 1000 })
        #expect(directory.suggestions(for: "spring", limit: 3).count == 3)
    }

    @Test("cities are kept most populous first, ties by name")
    func ordering() {
        #expect(directory.cities.map(\.name) == ["Tokyo", "Paris", "Lyon", "Zürich", "Zug", "Lyons"])
    }

    @Test("a city is found by 'name, country' or by a name no other city has")
    func cityNamed() {
        #expect(directory.city(named: "Lyon, France") == Samples.lyonCity)
        #expect(directory.city(named: "  lyon ") == Samples.lyonCity)
        #expect(directory.city(named: "ZURICH") == Samples.zurichCity)
        #expect(directory.city(named: "Lyo") == nil)
        #expect(directory.city(named: "") == nil)
    }

    @Test("a region is shown only where another city of the country has the same name")
    func regionsOnlyWhereNeeded() {
        let point = Coordinate(latitude: 40, longitude: -90)
        let directory = CityDirectory([
            City(name: "Springfield", region: "Illinois", country: "United States", coordinate: point, population: 3),
            City(name: "Springfield", region: "Ohio", country: "United States", coordinate: point, population: 2),
            City(name: "Springfield", region: "Manitoba", country: "Canada", coordinate: point, population: 1),
        ])
        #expect(directory.cities.map(\.displayName) == [
            "Springfield, Illinois, United States", "Springfield, Ohio, United States", "Springfield, Canada",
        ])
    }

    @Test("a home city saved before regions were known still reads")
    func oldProfileCity() throws {
        let json = #"{"name":"Lyon","country":"France","coordinate":{"latitude":45.76,"longitude":4.84},"population":1}"#
        let city = try JSONDecoder().decode(City.self, from: Data(json.utf8))
        #expect(city.displayName == "Lyon, France")
    }
}
