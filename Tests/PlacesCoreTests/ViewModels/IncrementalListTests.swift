import Foundation
import PlacesCore
import PlacesTestingSupport
import Testing
import TestingSupport

/// The list applies each change to the sections it touches; after any series of changes it must show
/// exactly what a list built from scratch over the same models shows.
@MainActor
@Suite("Places list, changed step by step")
struct IncrementalListTests {
    private static let sources = (0..<3).map { PlaceSource(id: "file:/f\($0).geojson", title: "f\($0).geojson", path: "/f\($0).geojson") }
    private static let kinds: [Category] = [.capital, .city, .airport, .other("cafe"), .landmark]
    private static let names = ["Lyon", "Lille", "Zürich", "Zug", "Oslo", "Osaka", "Nice", "Nîmes", "Lyon"]

    private static func place(_ index: Int, _ random: inout SplitMix64) -> Place {
        Place(id: "p\(index)", name: random.pick(names), category: random.pick(kinds),
              coordinate: Coordinate(latitude: random.unit() * 120 - 60, longitude: random.unit() * 340 - 170),
              summary: random.chance(0.3) ? "near the lake" : "")
    }

    /// What a person sees of the list: its headers and rows, in order, and the selected row.
    private static func seen(_ state: PlacesListState?) -> [String] {
        guard let state else { return ["no state"] }
        let rows = state.rows.all.map { row -> String in
            switch row {
            case .header(let header): "# \(header.title)"
            case .place(let place): "\(place.id) \(place.name) \(place.distance ?? "-")"
            }
        }
        return rows + ["selected \(state.selectedRow.map(String.init) ?? "none")", state.summary]
    }

    @Test("after random imports, removals, favourites, selections, home moves and searches it equals a fresh list", arguments: [1, 2, 3, 4])
    func equalsFreshList(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let places = PlacesModel(places: (0..<40).map { Self.place($0, &random) }, sources: [.bundled])
        let profile = ProfileModel()
        let list = PlacesListViewModel(model: places, profile: profile, locale: Samples.locale)
        var query = ""
        var next = 40
        for step in 0..<250 {
            switch random.below(7) {
            case 0:
                let source = random.pick(Self.sources)
                let count = random.chance(0.05) ? 70 + random.below(30) : random.below(6)  // now and then a large import
                let reused = places.places.filter { $0.source == source.id }.shuffled(using: &random).prefix(2).map { place -> Place in
                    var changed = place
                    if random.chance(0.5) { changed.name = random.pick(Self.names) }
                    return changed
                }
                let fresh = (0..<count).map { _ in defer { next += 1 }; return Self.place(next, &random) }
                places.add(reused + fresh, from: source)
            case 1:
                places.removeSource(random.pick(Self.sources).id)
            case 2:
                if let place = places.places.shuffled(using: &random).first { places.toggleFavourite(place.id) }
            case 3:
                places.select(random.chance(0.2) ? nil : places.places.shuffled(using: &random).first?.id)
            case 4:
                profile.save(Profile(name: "Ada", homeCity: random.chance(0.3) ? nil : random.pick(Samples.cities)))
            case 5:
                query = random.pick(["", "ly", "o", "lake", "cafe", "z", "capital n"])
                list.send(.search(query))
            default:
                places.add((0..<random.below(4)).map { _ in defer { next += 1 }; return Self.place(next, &random) }
                           + places.places.filter { $0.source == PlaceSource.bundledID }.dropFirst(random.below(3)), from: .bundled)
            }
            let fresh = PlacesListViewModel(model: places, profile: profile, locale: Samples.locale)
            fresh.send(.search(query))
            #expect(Self.seen(list.state.latest) == Self.seen(fresh.state.latest), "seed \(seed), step \(step)")
        }
    }
}
