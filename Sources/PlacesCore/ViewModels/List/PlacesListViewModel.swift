import Foundation
import Multicast

/// The Places tab's view-model, MVVM for a screen with several data sources: favourites first, then the
/// person's collections and own places, one section per kind of bundled place and one per imported
/// file, each titled with its count (a place in favourites or a collection is also in its own section);
/// searched by name, kind and description ignoring case and accents; nearest first once there is a
/// home city. Every change is applied to the sections it touches, not by rebuilding the list. A search
/// also finds beyond the library (`PlaceFinder`): the point a typed text or link names, at the top, and
/// the world's towns and airports, after the bundled places and before the files.
@MainActor
public final class PlacesListViewModel: PlacesModelDelegate, ProfileModelDelegate, GazetteerModelDelegate {
    /// What the list view tells the view-model.
    public enum Input: Sendable {
        /// The search text is now this.
        case search(String)
        /// The person clicked a place's row (or moved to it with the arrow keys): select it, and the
        /// card shows it under the list.
        case select(Place.ID)
        /// The person opened a place's row (Enter or double click): select it and show it on the map.
        case activate(Place.ID)
        /// Scroll to a section's header (after an import: its Show button); a search hiding it is cleared.
        case reveal(PlaceSection)
        /// Enter in the search field: opens the first place listed.
        case activateFirstResult
        /// Down in the search field: selects the first place listed (the card shows it).
        case selectFirstResult
        /// Remove an imported file's section and its places.
        case removeSource(PlaceSource.ID)
        /// Export every place of a section (whatever the search shows).
        case export(PlaceSection)
        /// Show only this section's places on the map.
        case showAlone(PlaceSection)
        case renameCollection(PlaceCollection.ID)
        case deleteCollection(PlaceCollection.ID)
    }

    /// The list's state; replays the latest to a new subscriber.
    public let state = Publink<PlacesListState>(replaysLast: true)
    /// Where requests the list cannot answer itself go.
    public weak var coordinator: (any AppCoordinating)?

    private let model: PlacesModel
    private let profile: ProfileModel
    private let gazetteer: GazetteerModel
    /// The map's centre: towns of a name nearest it come first, and short Plus Codes are near it.
    private let mapCentre: @MainActor () -> Coordinate
    private let numbers: LocalizedNumbers
    private var query = ""
    private var found = FoundResults()
    /// Searches the gazetteer, reusing its memory from one keystroke to the next.
    private var searcher: GazetteerSearcher?
    /// The bundled places' coordinates and search keys by folded name: the gazetteer's copies of those the search lists are left out.
    private var bundledNames: PlaceFinder.BundledTwins?
    private var tokens: [SearchKey] = []
    private let search: PlacesSearch
    /// Places only added are listed after the window's next frame, so that they do not hold up a frame due.
    private let pacer: any FramePacing
    private var order = PlacesListOrder()
    /// The section each slot's place is listed in (besides Favourites).
    private var sectionOf = SlotSections()
    private var sections: [PlaceSection: PlacesListSection] = [:]
    /// Places listed by `listMany` and not sorted into their sections yet.
    private var arrivals: [PlaceSection: [Int]] = [:]
    /// Paces publishing places only added: a file being read adds some every frame.
    private lazy var additions = Throttle(interval: .milliseconds(250)) { [weak self] in _ = await self?.pacer.nextFrame() }
    private var rows = PlacesListRows()
    private let rowMaker: PlaceRowMaker
    /// The section last asked to be scrolled to, and the request's number.
    private var reveal: (section: PlaceSection, serial: Int)?
    /// Requests to scroll (a section revealed, a new search's results), numbered: the view scrolls
    /// when a number is new.
    private var scrollRequests = 0

    /// Subscribes to both models and lists every place.
    public init(model: PlacesModel, profile: ProfileModel, gazetteer: GazetteerModel = GazetteerModel(),
                mapCentre: @escaping @MainActor () -> Coordinate = { Coordinate(latitude: 0, longitude: 0) },
                pacer: any FramePacing = Unpaced(), locale: Locale = .current, clock: AppClock = .continuous) {
        self.model = model
        self.profile = profile
        self.gazetteer = gazetteer
        self.mapCentre = mapCentre
        self.pacer = pacer
        numbers = LocalizedNumbers(locale: locale)
        rowMaker = PlaceRowMaker(model: model, profile: profile, numbers: numbers)
        search = PlacesSearch(pacer: pacer, clock: clock)
        model.delegates += self
        profile.delegates += self
        gazetteer.delegates += self
        relistEverything(changed: 0..<model.places.slotCount)
        publish()
    }

    public func send(_ input: Input) {
        sortArrivals()
        switch input {
        case .search(let text):
            guard text != query else { return }
            query = text
            tokens = SearchKey.tokens(of: text)
            find()
            // New results start at the top, unless the selected place is among them (the view
            // follows the selection): the list kept the place it was scrolled to before.
            scrollRequests += 1
            publish(fromTheTop: scrollRequests)
        case .select(let id):
            select(id)
        case .activate(let id):
            select(id)
            coordinator?.handle(.show(.map))
        case .reveal(let section):
            guard sections[section]?.members.isEmpty == false else { return }
            if !query.isEmpty {
                (query, tokens) = ("", [])
                find()
            }
            scrollRequests += 1
            reveal = (section, scrollRequests)
            publish()
        case .activateFirstResult:
            if let id = firstResult { send(.activate(id)) }
        case .selectFirstResult:
            if let id = firstResult { send(.select(id)) }
        case .removeSource(let id):
            coordinator?.handle(.removeSource(id))
        case .export(let id):
            if let export = export(of: id) { coordinator?.handle(.export(export)) }
        case .showAlone(let id):
            coordinator?.handle(.showAlone(id, title: title(of: id)))
        case .renameCollection(let id):
            coordinator?.handle(.renameCollection(id))
        case .deleteCollection(let id):
            coordinator?.handle(.edit(.deleteCollection(id)))
        }
    }

    /// The first place listed (under the search, if any), in the library or found beyond it.
    private var firstResult: Place.ID? {
        rows.indices.lazy.compactMap { self.rows.id(atRow: $0) }.first
    }

    /// Selects a place of the library, or shows one found beyond it (its pin and card).
    private func select(_ id: Place.ID) {
        if let origin = found.origin(of: id) {
            model.show(found: origin.place(numbers: numbers), from: origin)
        } else {
            model.select(id)
        }
    }

    /// Looks the query up beyond the library (the gazetteer, or the point it names).
    private func find() {
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            found = FoundResults()
            return
        }
        gazetteer.need()
        if bundledNames == nil {
            // The bundled places are the kinds' sections: their 1,701 slots, not a million places of files.
            sortArrivals()
            var names: PlaceFinder.BundledTwins = [:]
            for kind in Category.legend {
                for slot in sections[.kind(kind)]?.members ?? [] {
                    guard let place = model.places[slot] else { continue }
                    names[SearchKey(place.name), default: []].append((place.coordinate, PlacesSearch.key(for: place)))
                }
            }
            bundledNames = names
        }
        if searcher?.gazetteer.count != gazetteer.gazetteer.count { searcher = GazetteerSearcher(gazetteer.gazetteer) }
        let finder = PlaceFinder(searcher: searcher!, numbers: numbers, home: profile.homeCity, unit: profile.distanceUnit)
        found = finder.find(query, near: mapCentre(), bundled: bundledNames ?? [:])
    }

    public func gazetteerDidLoad() {
        guard !query.isEmpty else { return }
        find()
        publish()
    }

    /// The search no longer waits for the towns: what the library holds is the answer.
    public func gazetteerDidFail() {
        if !query.isEmpty { publish() }
    }

    public func placesDidChange(_ change: PlacesChange) {
        if change.sourcesChanged {
            cachedSourceTitles = nil
            bundledNames = nil
        }
        let onlyAdded = change.removed.isEmpty && change.updated.isEmpty && change.favouritesAdded.isEmpty
            && change.favouritesRemoved.isEmpty && change.collectionsChanged.isEmpty
        if !onlyAdded { sortArrivals() }
        let changed = change.added.union(change.updated)
        if change.updated.count + change.removed.count > max(64, model.places.count / 16) {
            // Many places changed or gone (a file removed): sorting everything once beats moving them one by one.
            relistEverything(changed: Array(change.removed.keys) + Array(changed))
        } else {
            let collected = collectedSections
            for slot in change.removed.keys {
                for id in collected { sections[id]?.remove(slot, by: order) }
                unlist(slot: slot)
            }
            for slot in change.updated {
                // Its sort keys change: out of every section it is in, with the old keys, and back with the new.
                let collectedIn = collected.filter { sections[$0]?.contains(slot, by: order) == true }
                for id in collectedIn { sections[id]?.remove(slot, by: order) }
                unlist(slot: slot)
                list(slot: slot)
                for id in collectedIn { sections[id]?.insert(slot, by: order) }
            }
            if change.added.count > 64 {
                listMany(change.added)
            } else {
                change.added.forEach(list(slot:))
                updateSearch(change.added.map { ($0, model.places[$0].map(PlacesSearch.key(for:))) })
            }
            if !model.collections.isEmpty {
                for slot in change.added {
                    for collection in model.collections where model.places[slot].map({ collection.contains($0.id) }) == true {
                        sections[.collection(collection.id)]?.insert(slot, by: order)
                    }
                }
            }
            updateSearch(change.removed.keys.map { ($0, nil) } + change.updated.map { ($0, model.places[$0].map(PlacesSearch.key(for:))) })
            for id in change.favouritesRemoved {
                if let slot = model.places.slot(of: id) { sections[.favourites]?.remove(slot, by: order) }
            }
            for id in change.favouritesAdded {
                if let slot = model.places.slot(of: id), sections[.favourites]?.contains(slot, by: order) == false {
                    sections[.favourites]?.insert(slot, by: order)
                }
            }
            change.collectionsChanged.forEach(relistCollection)
        }
        // The bundled places arriving after a search was typed (`--search`) take the gazetteer's twins' place:
        // found again once they are in their sections.
        if change.sourcesChanged, !query.isEmpty { find() }
        if onlyAdded, change.added.count > 64 {
            additions.request { [weak self] in self?.publish() }
        } else if !change.isEmpty {
            publish()
        }
    }

    public func profileDidChange(_ change: ProfileChange) {
        sortArrivals()
        if change.homeCityChanged {
            order.distances = distances(in: 0..<model.places.slotCount)
            sortAllSections()
        }
        if change.distancesChanged {
            find()  // found rows are written when found
            publish()  // the others when shown, in the unit of now
        }
    }

    // MARK: Sections

    private func updateSearch(_ changes: [(slot: Int, key: SearchKey?)]) {
        search.update(changes, slotCount: model.places.slotCount)
    }

    /// Lists many new places at once (a file, or a portion of one being read): their keys now, their
    /// places in their sections once the sections are next read (`sortArrivals`): a file's portions
    /// come every frame, and merging each into a section of a million copied the whole section.
    private func listMany(_ slots: Set<Int>) {
        grow(to: model.places.slotCount)
        if order.distances.isEmpty, profile.homeCity != nil { order.distances = distances(in: 0..<model.places.slotCount) }
        let places = model.places
        let home = profile.homeCity?.coordinate
        var keys: [(slot: Int, key: SearchKey?)] = []
        keys.reserveCapacity(slots.count)
        var joining: [PlaceSection: [Int]] = [:]
        var run: (id: PlaceSection, slots: [Int])?
        var folding = PlacesSearch.Folding()
        for slot in slots.ascending {
            guard let read = places.read(slot, { Self.listing($0, folding: &folding) }) else { continue }
            order.setName(read.name, at: slot)
            if let home { order.distances[slot] = home.distance(to: read.coordinate) }
            sectionOf[slot] = read.section
            keys.append((slot, read.key))
            // Newcomers of one section mostly come in a run: the section is looked up once a run.
            if run?.id != read.section {
                if let run { joining[run.id, default: []] += run.slots }
                run = (read.section, [])
            }
            run!.slots.append(slot)
        }
        if let run { joining[run.id, default: []] += run.slots }
        updateSearch(keys)
        for (id, newcomers) in joining { arrivals[id, default: []] += newcomers }
    }

    /// Sorts the places `listMany` set aside into their sections, each section's newcomers in one
    /// merge (O(n + k log k) for k joining n). Every reader of the sections calls this first.
    private func sortArrivals() {
        guard !arrivals.isEmpty else { return }
        for (id, newcomers) in arrivals {
            sections[id, default: PlacesListSection(id: id)].merge(newcomers.sorted(by: order.precedes), by: order)
        }
        arrivals = [:]
    }

    /// Lists the place in `slot` in its section, with fresh sort keys.
    private func list(slot: Int) {
        guard let place = model.places[slot] else { return }
        grow(to: slot + 1)
        order.setName(SearchKey(place.name), at: slot)
        if let home = profile.homeCity, !order.distances.isEmpty { order.distances[slot] = home.coordinate.distance(to: place.coordinate) }
        let id = PlaceSection(listing: place)
        sectionOf[slot] = id
        sections[id, default: PlacesListSection(id: id)].insert(slot, by: order)
    }

    /// What the list keeps of a place: its folded name (the order), its position (the distance), its
    /// section and its search key.
    private static func listing(_ place: Place, folding: inout PlacesSearch.Folding)
        -> (name: SearchKey, coordinate: Coordinate, section: PlaceSection, key: SearchKey) {
        let keys = folding.keys(of: place)
        return (keys.name, place.coordinate, PlaceSection(listing: place), keys.key)
    }

    /// Refreshes the keys of the `changed` slots (all of them when building the list), then groups
    /// and sorts every section anew: O(n log n) however many places changed.
    private func relistEverything(changed: some Collection<Int>) {
        arrivals = [:]  // every place is listed anew
        grow(to: model.places.slotCount)
        if order.distances.isEmpty, profile.homeCity != nil { order.distances = distances(in: 0..<model.places.slotCount) }
        let home = profile.homeCity?.coordinate
        var keys: [(slot: Int, key: SearchKey?)] = []
        keys.reserveCapacity(changed.count)
        let places = model.places
        var folding = PlacesSearch.Folding()
        for slot in changed {
            let read = places.read(slot) { Self.listing($0, folding: &folding) }
            order.setName(read?.name, at: slot)
            if let home, let read { order.distances[slot] = home.distance(to: read.coordinate) }
            sectionOf[slot] = read?.section
            keys.append((slot, read?.key))
        }
        updateSearch(keys)
        sections = [:]
        // Places of one section mostly sit in a run of slots: the section is looked up once a run.
        var run: PlacesListSection?
        for slot in model.places.slots {
            guard let id = sectionOf[slot] else { continue }
            if run?.id != id {
                if let run { sections[run.id] = run }
                run = sections.removeValue(forKey: id) ?? PlacesListSection(id: id)
            }
            run!.members.append(slot)
        }
        if let run { sections[run.id] = run }
        sections[.favourites] = PlacesListSection(id: .favourites, members: model.favourites.compactMap(model.places.slot(of:)))
        for collection in model.collections { sections[.collection(collection.id)] = unsortedSection(of: collection) }
        sortAllSections()
    }

    /// Lists the members of collection `id` anew (or drops its section when it was deleted): a
    /// collection is small, and this touches no other section.
    private func relistCollection(_ id: PlaceCollection.ID) {
        guard let collection = model.collections.first(where: { $0.id == id }) else {
            sections[.collection(id)] = nil
            return
        }
        var section = unsortedSection(of: collection)
        section.members.sort(by: order.precedes)
        sections[.collection(id)] = section
    }

    /// The section of a collection's loaded members, in the order they were put in.
    private func unsortedSection(of collection: PlaceCollection) -> PlacesListSection {
        PlacesListSection(id: .collection(collection.id), members: collection.members.compactMap(model.places.slot(of:)))
    }

    /// Favourites and the collections: sections that list places also listed in their own.
    private var collectedSections: [PlaceSection] {
        [.favourites] + model.collections.map { .collection($0.id) }
    }

    /// Takes the place in `slot` out of its section, found with the keys it was listed with.
    private func unlist(slot: Int) {
        guard slot < sectionOf.count, let id = sectionOf[slot] else { return }
        sections[id]?.remove(slot, by: order)
        sectionOf[slot] = nil
    }

    private func grow(to count: Int) {
        guard sectionOf.count < count else { return }
        sectionOf.grow(to: count, room: model.places.slotCapacity)
        order.grow(to: count, room: model.places.slotCapacity)
    }

    private func sortAllSections() {
        for id in sections.keys { sections[id]!.members.sort(by: order.precedes) }
    }

    /// The sections in list order: Favourites, the collections, My Places, the bundled kinds in legend
    /// order, the files in import order.
    private var orderedSections: [PlacesListSection] {
        let files = model.sources.filter { $0.id != PlaceSource.mineID }.map { PlaceSection.source($0.id) }
        let ids = collectedSections + [.source(PlaceSource.mineID)] + Category.legend.map(PlaceSection.kind) + files
        return ids.compactMap { sections[$0] }.filter { !$0.members.isEmpty }
    }

    /// The files' titles by id, made again when the sources change: with thousands of files, looking
    /// each section's up in the list of sources made every change cost as many steps as files squared.
    private var sourceTitles: [PlaceSource.ID: String] {
        if let titles = cachedSourceTitles { return titles }
        let titles = Dictionary(model.sources.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        cachedSourceTitles = titles
        return titles
    }

    private var cachedSourceTitles: [PlaceSource.ID: String]?

    private func title(of id: PlaceSection) -> String {
        switch id {
        case .favourites: tr("Favourites")
        case .collection(let id): (model.collections.first { $0.id == id }?.name ?? "").clipped(to: 120)
        case .kind(let category): category.pluralName
        case .source(let source): (sourceTitles[source] ?? source).clipped(to: 120)
        }
    }

    private func distances(in slots: Range<Int>) -> [Double] {
        guard let home = profile.homeCity?.coordinate else { return [] }
        return slots.map { (model.places[$0]?.coordinate).map(home.distance(to:)) ?? .infinity }
    }

    /// What exporting section `id` writes: every place of it, and a file's lines and areas, fixed
    /// now, so the list changing while a file dialog is open cannot change what is exported.
    private func export(of id: PlaceSection) -> SectionExport? {
        guard let section = sections[id], !section.members.isEmpty else { return nil }
        let title = title(of: id)
        // "walk.gpx" is suggested as "walk" with the format's extension, not "walk.gpx.geojson".
        let base = ExportFormat(fileName: title) == nil ? title : (title as NSString).deletingPathExtension
        let shapes: [PlaceShape.ID] = if case .source(let source) = id { model.shapes[source]?.map(\.id) ?? [] } else { [] }
        let document: SourceDocument? = if case .source(let source) = id { model.sources.first { $0.id == source }?.document } else { nil }
        return SectionExport(
            title: title, fileName: base.replacingOccurrences(of: "/", with: "-") + ".geojson",
            placeIDs: section.members.compactMap { model.places[$0]?.id }, shapeIDs: shapes, document: document
        )
    }

    // MARK: Publishing

    /// Moves the rows from `start` on whose place is named exactly as typed ahead of the others, each
    /// group in its order: searching "Place 4242" lists it before "Place 14242", and Enter opens it.
    private func bringForward(placesNamed name: SearchKey, in entries: inout [Int], from start: Int) {
        let rows = entries[start...]
        let named = order.slots(among: rows, named: name)
        guard !named.isEmpty, named.count < rows.count else { return }
        let isNamed = Set(named)
        entries.replaceSubrange(start..., with: named + rows.filter { !isNamed.contains($0) })
    }

    /// Filters the sections with the search index and lays out headers and rows; the rows' text is
    /// made only when shown. With `fromTheTop`, asks the view (request number `fromTheTop`) to show
    /// the first row, unless the selected place is listed.
    private func publish(fromTheTop: Int? = nil) {
        sortArrivals()
        additions.ran()
        let matched = tokens.isEmpty ? nil : search.matches(tokens)
        let typedName = matched == nil ? nil : SearchKey(query.trimmingCharacters(in: .whitespaces))
        let selectedSlot = model.selectedItem.flatMap(model.places.slot(of:))
        var entries: [Int] = []
        // At most every member and a header a section: grown step by step, a million rows held
        // twice that room a quarter of a second at a time while a file was read.
        let sections = orderedSections
        entries.reserveCapacity(sections.reduce(0) { $0 + $1.members.count + 1 })
        var headers: [SectionHeader] = []
        var found = 0
        var selectedRow: Int?
        var foundRows: [PlaceRow] = []
        /// A section of places found beyond the library, with its rows.
        func appendFound(_ rows: [FoundResults.FoundRow], title: String) {
            guard !rows.isEmpty else { return }
            headers.append(SectionHeader(section: .source(FoundPlace.sourceID), title: "\(title) (\(numbers.count(rows.count)))",
                                         isRemovable: false, offersActions: false))
            entries.append(-headers.count)
            for row in rows {
                if row.row.id == model.selectedItem { selectedRow = entries.count }
                entries.append(PlacesListRows.foundRow + foundRows.count)
                foundRows.append(row.row)
            }
            found += rows.count
        }
        appendFound(self.found.point, title: tr("Location"))
        // The world's towns come after the bundled places (Paris the capital before Paris, Texas), before the
        // files; towns found only by forgiving a typo come after the files.
        let townsBefore = self.found.townsAreForgiven ? nil : sections.firstIndex { $0.id.isImportedFile }
        for (position, section) in sections.enumerated() {
            if position == townsBefore { appendFound(self.found.towns, title: tr("Towns and Airports")) }
            // Plain loops: a closure formed here would check the main actor on every one of 100,000 calls.
            let start = entries.count + 1
            entries.append(0)  // the header's place, filled in below
            if let matched {
                entries += matched.kept(section.members)
                if let typedName { bringForward(placesNamed: typedName, in: &entries, from: start) }
            } else {
                entries.append(contentsOf: section.members)
            }
            let shown = entries.count - start
            guard shown > 0 else {
                entries.removeLast()
                continue
            }
            headers.append(SectionHeader(
                section: section.id, title: "\(title(of: section.id)) (\(numbers.count(shown)))", isRemovable: section.id.isImportedFile
            ))
            entries[start - 1] = -headers.count
            if !section.id.isCollected { found += shown }
            if selectedRow == nil, let selectedSlot, let row = entries[start...].firstIndex(of: selectedSlot) { selectedRow = row }
        }
        if townsBefore == nil { appendFound(self.found.towns, title: tr("Towns and Airports")) }
        rows = PlacesListRows(entries: entries, headers: headers, found: foundRows, maker: rowMaker)
        // The first search of a session starts reading the towns (a quarter of a second, longer on a busy
        // machine): "0 places found" meanwhile would be an answer given before it is known.
        let isSearchingTowns = gazetteer.isReading && self.found.problem == nil && !query.trimmingCharacters(in: .whitespaces).isEmpty
        let summary = found == 0 && isSearchingTowns
            ? tr("Searching the world's towns…")
            : trPlural("{count} place found", "{count} places found", count: found, ["count": numbers.count(found)])
        var scrollTarget: PlacesListState.ScrollTarget?
        if let reveal, let header = headers.firstIndex(where: { $0.section == reveal.section }) {
            scrollTarget = .init(row: entries.firstIndex(of: -(header + 1))!, serial: reveal.serial)
        }
        if let serial = fromTheTop, selectedRow == nil, !entries.isEmpty { scrollTarget = .init(row: 0, serial: serial) }
        state.publish(PlacesListState(query: query, summary: summary, rows: rows, selectedRow: selectedRow, found: found,
                                      isSearchingTowns: isSearchingTowns, problem: self.found.problem, scrollTarget: scrollTarget))
    }
}
