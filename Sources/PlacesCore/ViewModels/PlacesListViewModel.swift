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
    private var groups: [PlacesListSection] = []
    private var sections: [PlacesListSection] = []
    private var content: PlacesListRows.Content?
    private var index = SearchIndex([])
    private var rows = PlacesListRows()

    /// Subscribes to `model`.
    public init(model: PlacesModel, locale: Locale = .current) {
        self.model = model
        self.locale = locale
        model.delegates += self
        rebuildKeys()
        rebuildGroups()
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
        guard let id = placeID(atRow: row) else { return }
        model.selectedItem = id
        navigator?.show(tab: .map)
    }

    /// Enter in the search field: activates the first place listed, if any.
    public func activateFirstResult() {
        guard let row = rows.indices.first(where: { rows.placeIndex(atRow: $0) != nil }) else { return }
        activate(row: row)
    }

    /// The place id on `row`, nil for a header or out of range.
    public func placeID(atRow row: Int) -> Place.ID? {
        rows.placeIndex(atRow: row).map { model.places[$0].id }
    }

    /// The imported source whose section header is on `row` (nil for places, bundled sections, favourites).
    public func removableSource(atRow row: Int) -> PlaceSource? {
        guard let header = rows.headerIndex(atRow: row) else { return nil }
        return visibleSections.indices.contains(header) ? visibleSections[header].source : nil
    }

    /// Removes the imported source whose header is on `row`, with its places.
    public func removeSource(atRow row: Int) {
        guard let source = removableSource(atRow: row) else { return }
        navigator?.removeSource(source.id)
    }

    /// What exporting the section whose header is on `row` would write: every place of the section,
    /// whatever the search shows, fixed now so that the list changing while a file dialog is open
    /// cannot change what is exported.
    public func export(atRow row: Int) -> SectionExport? {
        guard let header = rows.headerIndex(atRow: row), visibleSections.indices.contains(header) else { return nil }
        let section = visibleSections[header]
        let base = section.title.hasSuffix(".geojson") ? String(section.title.dropLast(8)) : section.title
        return SectionExport(
            title: section.title, fileName: base.replacingOccurrences(of: "/", with: "-") + ".geojson",
            placeIDs: section.members.map { model.places[$0].id }
        )
    }

    /// Writes `section` to `path` as GeoJSON.
    public func save(_ section: SectionExport, to path: String) {
        navigator?.exportPlaces(section.placeIDs, to: path)
    }

    public func didChange(places: [Place]) {
        rebuildKeys()
        rebuildGroups()
    }

    public func didSelectItem(_ id: Place.ID?) { publish() }
    public func didUpdate(location: Coordinate?) { rebuildGroups() }
    public func didChange(favourites: Set<Place.ID>) { rebuildSections() }
    public func didChange(sources: [PlaceSource]) { rebuildGroups() }

    private var visibleSections: [PlacesListSection] = []

    private func rebuildKeys() {
        keys = model.places.map { SearchKey("\($0.name) \($0.category.displayName) \($0.category.pluralName) \($0.summary)") }
        nameKeys = model.places.map { SearchKey($0.name) }
    }

    /// Distances and the sorted category and file sections: redone when places, home or sources change.
    private func rebuildGroups() {
        distances = model.location.map { home in model.places.map { home.distance(to: $0.coordinate) } }
        groups = PlacesListSection.groups(of: model, order: PlacesListSection.order(distances: distances, nameKeys: nameKeys))
        rebuildSections()
    }

    /// The favourites in front of the groups, then the list order and its search index.
    private func rebuildSections() {
        let order = PlacesListSection.order(distances: distances, nameKeys: nameKeys)
        sections = (PlacesListSection.favourites(of: model, order: order).map { [$0] } ?? []) + groups
        let listOrder = sections.flatMap(\.members)
        content = PlacesListRows.Content(places: model.places, distances: distances, locale: locale, listOrder: listOrder)
        index = SearchIndex(listOrder.map { keys[$0] })
        publish()
    }

    /// Filters the list positions with the index, then lays out headers and positions; the rows' text
    /// is made only when shown.
    private func publish() {
        let matched = tokens.isEmpty ? nil : index.matches(tokens)
        let selectedIndex = model.selectedItem.flatMap(model.findArrayIndex(by:))
        var entries: [Int] = []
        var headers: [String] = []
        var shown: [PlacesListSection] = []
        var found = 0
        var selectedRow: Int?
        var position = 0
        for section in sections {
            let range = position..<(position + section.members.count)
            position = range.upperBound
            let members = matched.map { flags in range.filter { flags[$0] } } ?? Array(range)
            guard !members.isEmpty else { continue }
            headers.append("\(section.title) (\(members.count.formatted(locale: locale)))")
            shown.append(section)
            entries.append(-headers.count)
            if !section.isFavourites { found += members.count }
            if selectedRow == nil, let selectedIndex, let hit = members.first(where: { content?.listOrder[$0] == selectedIndex }) {
                selectedRow = entries.count + members.firstIndex(of: hit)!
            }
            entries.append(contentsOf: members)
        }
        visibleSections = shown
        rows = PlacesListRows(content: content, entries: entries, headers: headers)
        let summary = "\(found.formatted(locale: locale)) \(found == 1 ? "place" : "places") found"
        state.publish(PlacesListState(query: query, summary: summary, rows: rows, selectedRow: selectedRow, found: found))
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
