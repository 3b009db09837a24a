@testable import PlacesCore
import Testing

@Suite("Place names and summaries, kept in shared chunks")
struct PlaceTextsTests {
    @Test("a place gives back the name and summary it was made with, empty, short, long or not ASCII", arguments: [
        ("", ""), ("Lyon", ""), ("", "A line about it"), ("Zürich Hauptbahnhof, Gleis 7", "Bahnhof · 1847 eröffnet"),
        (String(repeating: "x", count: 100_000), "a name far larger than a chunk's quarter"),
    ])
    func roundTrip(name: String, summary: String) {
        let place = Place(id: "p", name: name, category: .city, coordinate: Coordinate(latitude: 1, longitude: 2), summary: summary)
        #expect(place.name == name)
        #expect(place.summary == summary)
    }

    @Test("setting the name keeps the summary, and the other way round")
    func setEach() {
        var place = Place(id: "p", name: "Old", category: .city, coordinate: Coordinate(latitude: 0, longitude: 0), summary: "Line")
        place.name = "New name, longer than fifteen bytes"
        #expect(place.name == "New name, longer than fifteen bytes")
        #expect(place.summary == "Line")
        place.summary = ""
        #expect(place.name == "New name, longer than fifteen bytes")
        #expect(place.summary.isEmpty)
    }

    @Test("places with the same texts written apart are equal and hash alike; moving a character between name and summary is a difference")
    func equality() {
        let coordinate = Coordinate(latitude: 0, longitude: 0)
        let one = Place(id: "p", name: "Gare de Lyon", category: .city, coordinate: coordinate, summary: "Paris")
        let two = Place(id: "p", name: "Gare de Lyon", category: .city, coordinate: coordinate, summary: "Paris")
        let shifted = Place(id: "p", name: "Gare de Lyo", category: .city, coordinate: coordinate, summary: "nParis")
        #expect(one == two)
        #expect(one.hashValue == two.hashValue)
        #expect(one != shifted)
        #expect(Set([one, two, shifted]).count == 2)
    }
}

@Suite("Place kinds, kept in four bytes")
struct CategoryCodeTests {
    @Test("every kind comes back as it was given, known or not; equal kinds make equal places", arguments: [
        Category.capital, .city, .airport, .station, .landmark, .other(""), .other("cafe"), .other("Café"), .other("aerodrome "),
    ])
    func roundTrip(category: Category) {
        let coordinate = Coordinate(latitude: 0, longitude: 0)
        var place = Place(id: "p", name: "P", category: category, coordinate: coordinate)
        #expect(place.category == category)
        #expect(place == Place(id: "p", name: "P", category: category, coordinate: coordinate))
        place.category = .other("bakery")
        #expect(place.category == .other("bakery"))
        #expect(category == .other("bakery") || place != Place(id: "p", name: "P", category: category, coordinate: coordinate))
    }

    @Test("a place is 88 bytes: its name, line and kind fit in 16 of them")
    func size() {
        #expect(MemoryLayout<Place>.stride == 88)
    }
}
