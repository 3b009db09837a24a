import Foundation
import Multicast

/// The Places tab's view-model (seed: a screen with several data sources): favourites first, then one
/// section per category of the bundled data and one per imported file, each titled with its count;
/// searched by name, category and summary ignoring case and diacritics; nearest first once a home city
/// is set. Activating a row selects the place and asks for the Map tab.
@MainActor
public final class PlacesListViewModel: PlacesModelDelegate {
    /// The list's state; replays the latest to a new subscriber.
    public let state = Publink<PlacesListState>(replaysLast: true)

    /// Where a row's activation navigates (the coordinator).
    public weak var navigator: (any Navigator)?

    private let model: PlacesModel
    private let locale: Locale
    private var query = ""
    private var tokens: [SearchKey] = []
    private var keys: [SearchKey] = []
    private var nameKeys: [SearchKey] = []
    private var distances: [Double]?
    private var sections: [PlacesListSection] = []
    private var rowPlaceIDs: [Place.ID?] = []

    /// Subscribes to `model`.
    public init(model: PlacesModel, locale: Locale = .current) {
        self.model = model
        self.locale = locale
        model.delegates += self
        rebuildKeys()
        rebuildSections()
    }

    /// The search text changed.
    public func search(_ text: String) {
        guard text != query else { return }
        query = text
        tokens = SearchKey.tokens(of: text)
        publish()
    }

    /// A row was activated (Enter or double-click): select its place and show the map.
    public func activate(row: Int) {
        guard rowPlaceIDs.indices.contains(row), let id = rowPlaceIDs[row] else { return }
        model.selectedItem = id
        navigator?.show(tab: .map)
    }

    /// Enter in the search field: activates the first place listed, if any.
    public func activateFirstResult() {
        guard let row = rowPlaceIDs.firstIndex(where: { $0 != nil }) else { return }
        activate(row: row)
    }

    /// The place id on `row`, nil for a header or out of range.
    public func placeID(atRow row: Int) -> Place.ID? {
        rowPlaceIDs.indices.contains(row) ? rowPlaceIDs[row] : nil
    }

    public func didChange(places: [Place]) {
        rebuildKeys()
        rebuildSections()
    }

    public func didSelectItem(_ id: Place.ID?) { publish() }
    public func didUpdate(location: Coordinate?) { rebuildSections() }
    public func didChange(favourites: Set<Place.ID>) { rebuildSections() }
    public func didChange(sources: [PlaceSource]) { rebuildSections() }

    private func rebuildKeys() {
        keys = model.places.map { SearchKey("\($0.name) \($0.category.displayName) \($0.category.pluralName) \($0.summary)") }
        nameKeys = model.places.map { SearchKey($0.name) }
    }

    private func rebuildSections() {
        if let home = model.location {
            distances = model.places.map { home.distance(to: $0.coordinate) }
        } else {
            distances = nil
        }
        sections = PlacesListSection.sections(of: model, distances: distances, nameKeys: nameKeys)
        publish()
    }

    private func publish() {
        var rows: [PlacesListRow] = []
        var ids: [Place.ID?] = []
        var found = Set<Int>()
        var selectedRow: Int?
        for section in sections {
            let members = section.members.filter { matches(place: $0) }
            guard !members.isEmpty else { continue }
            rows.append(.header(title: "\(section.title) (\(members.count.formatted(locale: locale)))"))
            ids.append(nil)
            for index in members {
                found.insert(index)
                let place = model.places[index]
                if selectedRow == nil, place.id == model.selectedItem { selectedRow = rows.count }
                rows.append(.place(row(for: place, at: index)))
                ids.append(place.id)
            }
        }
        rowPlaceIDs = ids
        let count = found.count
        let summary = "\(count.formatted(locale: locale)) \(count == 1 ? "place" : "places") found"
        state.publish(PlacesListState(query: query, summary: summary, rows: rows, selectedRow: selectedRow))
    }

    private func matches(place index: Int) -> Bool {
        tokens.allSatisfy { keys[index].contains($0) }
    }

    private func row(for place: Place, at index: Int) -> PlaceRow {
        PlaceRow(
            id: place.id, name: place.name, category: place.category.displayName, symbol: place.category.symbol,
            distance: distances.map { PlaceFormatting.distance(kilometres: $0[index], locale: locale) }
        )
    }
}

extension Int {
    /// The number with the locale's digit grouping ("1,234").
    func formatted(locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        return formatter.string(from: NSNumber(value: self)) ?? String(self)
    }
}
