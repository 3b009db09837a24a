import Foundation
import Multicast

/// The place card's view-model: follows the selection, the selected place's values, its favourite
/// state and the home city, and publishes the card's text (nil when nothing is selected). What the
/// card's buttons ask for goes to the coordinator, which makes every change through the undo history.
/// A place found beyond the library (`PlacesModel.found`) is described as well, and offered to My
/// Places, a collection or as home; "What's here?" asks about any card's point.
@MainActor
public final class PlaceCardViewModel: PlacesModelDelegate, ProfileModelDelegate, GazetteerModelDelegate {
    /// What the card tells the view-model.
    public enum Input: Sendable {
        case toggleFavourite
        /// The close button: clears the selection (the coordinator then hides the card).
        case close
        /// Edit, Delete and Copy to My Places, for the place shown.
        case edit
        case delete
        case copyToMine
        /// The link of the place shown.
        case openLink
        /// Put the place shown into a collection, or take it out.
        case setMember(PlaceCollection.ID, Bool)
        /// Make a new collection with the place shown in it.
        case newCollection
        /// Go to the map, where the place is selected (the card offers it off the map).
        case showOnMap
        /// The card is shown on this tab (it offers Show on Map off the map).
        case shownOn(Tab)
        /// "What's here?": a pin at the place shown, with the nearest town.
        case whatsHere
        /// Make the town shown the home city.
        case setAsHome
        /// Copy the place's position as `ShareFormat` writes it.
        case share(ShareFormat)
        /// Take the value another computer gave the place (`PlaceCardState.alsoChanged`'s line at this index).
        case takeAlternative(Int)
        /// Keep what the place shows instead of that line's value; the line goes.
        case keepShown(Int)
    }

    /// The card's content; replays the latest to a new subscriber.
    public let state = Publink<PlaceCardState?>(replaysLast: true)
    /// Where the card's requests go.
    public weak var coordinator: (any AppCoordinating)?

    private let places: PlacesModel
    private let profile: ProfileModel
    private let gazetteer: GazetteerModel
    private let numbers: LocalizedNumbers
    private let bundledSummaries: BundledSummary
    private var tab: Tab = .map

    public init(places: PlacesModel, profile: ProfileModel, gazetteer: GazetteerModel = GazetteerModel(), locale: Locale = .current) {
        self.places = places
        self.profile = profile
        self.gazetteer = gazetteer
        numbers = LocalizedNumbers(locale: locale)
        bundledSummaries = BundledSummary(numbers: numbers)
        places.delegates += self
        profile.delegates += self
        gazetteer.delegates += self
        refresh()
    }

    public func send(_ input: Input) {
        switch input {
        case .close:
            places.select(nil)
        case .toggleFavourite:
            guard let id = places.selectedItem else { return }
            // A found place becomes a favourite by joining My Places as one.
            if places.found?.place.id == id { return send(.setMember(PlaceCardState.Membership.favouritesID, true)) }
            coordinator?.handle(.edit(.setFavourite(id, !places.favourites.contains(id))))
        case .edit:
            if let id = places.selectedItem { coordinator?.handle(.editPlace(id)) }
        case .delete:
            if let id = places.selectedItem { coordinator?.handle(.edit(.delete(id))) }
        case .copyToMine:
            if let id = places.selectedItem { coordinator?.handle(.edit(.copyToMine(id))) }
        case .openLink:
            if let link = places.selectedPlace?.link ?? places.selectedShape?.properties["link"], !link.isEmpty {
                coordinator?.handle(.openLink(link))
            }
        case .setMember(let collection, let isMember):
            guard let id = places.selectedItem else { return }
            if places.found?.place.id == id {
                if isMember { coordinator?.handle(.edit(.copyToCollection(id, collection))) }
            } else if collection == PlaceCardState.Membership.favouritesID {
                coordinator?.handle(.edit(.setFavourite(id, isMember)))
            } else {
                coordinator?.handle(.edit(.setMember(id, of: collection, isMember)))
            }
        case .newCollection:
            if let id = places.selectedItem { coordinator?.handle(.newCollection(adding: id)) }
        case .showOnMap:
            coordinator?.handle(.show(.map))
        case .shownOn(let tab):
            self.tab = tab
            refresh()
        case .whatsHere:
            guard let coordinate = places.selectedPlace?.coordinate else { return }
            let point = FoundPlace.point(LocationLink(coordinate: coordinate, form: .coordinates))
            places.show(found: point.place(numbers: numbers), from: point)
        case .setAsHome:
            guard case .gazetteer(let town)? = places.found?.origin, town.kind == .town else { return }
            let home = City(name: town.name, region: town.region, country: town.country, coordinate: town.coordinate, population: town.population)
            profile.save(Profile(name: profile.name, homeCity: home, distanceUnit: profile.chosenUnit))
        case .share(let format):
            guard let coordinate = places.selectedPlace?.coordinate ?? places.selectedShape?.parts.first?.first else { return }
            coordinator?.handle(.copy(format.text(for: coordinate)))
        case .takeAlternative(let index):
            guard let id = places.selectedItem, let alternatives = places.alternatives[id], alternatives.indices.contains(index) else { return }
            coordinator?.handle(.edit(.takeAlternative(id, alternatives[index])))
        case .keepShown(let index):
            guard let id = places.selectedItem, let alternatives = places.alternatives[id], alternatives.indices.contains(index) else { return }
            coordinator?.handle(.keepShown(id, instead: alternatives[index]))
        }
    }

    public func gazetteerDidLoad() {
        if places.found != nil { refresh() }
    }

    public func placesDidChange(_ change: PlacesChange) {
        if change.foundChanged { return refresh() }
        let shown = state.latest??.id
        let touchesShown = shown.map { id in
            change.favouritesAdded.contains(id) || change.favouritesRemoved.contains(id)
                || places.places.slot(of: id).map(change.updated.contains) == true || !change.collectionsChanged.isEmpty
                || change.alternativesChanged.contains(id)
        } ?? false
        let shapeChanged = shown.map { id in change.shapesChanged.contains { places.shape(withID: id)?.source == $0 } } ?? false
        if change.selectionChanged || touchesShown || shapeChanged { refresh() }
    }

    public func profileDidChange(_ change: ProfileChange) {
        if change.distancesChanged { refresh() }
    }

    private func refresh() {
        let card = places.selectedPlace.map(cardState(for:)) ?? places.selectedShape.map(cardState(for:))
        if state.latest != .some(card) { state.publish(card) }
    }

    /// A place found beyond the library: a town with its local time, an airport, a point or a map's
    /// point of interest with what is near it; offered to My Places (and so to favourites and collections) and, a town, as home.
    private func cardState(found: FoundPlace, as place: Place, distance: String?) -> PlaceCardState {
        var summary = place.summary
        var nearby: String?
        var offersSetAsHome = false
        var link = ""
        switch found {
        case .gazetteer(let town):
            if let time = localTime(in: town.timeZone) { summary = [summary, tr("{time} local time", ["time": time])].joined(separator: " · ") }
            offersSetAsHome = town.kind == .town && profile.homeCity.map { $0.name != town.name || $0.coordinate.distance(to: town.coordinate) > 1 } ?? true
            if town.kind == .airport { nearby = whatsHere(town.coordinate) }
        case .point(let link):
            nearby = whatsHere(link.coordinate)
            if let uncertainty = link.uncertainty {
                summary = tr("Within {distance}", ["distance": numbers.distance(metres: uncertainty, in: profile.distanceUnit)])
            }
        case .mapFeature(let feature):
            nearby = whatsHere(feature.coordinate)
            link = place.link
        }
        return PlaceCardState(
            id: place.id, title: place.shownName, category: place.category.displayName,
            symbol: place.category.symbol, colour: place.category.colour, summary: summary,
            coordinate: PlaceFormatting.coordinate(place.coordinate), distance: distance, nearby: nearby, isFound: true,
            offersSetAsHome: offersSetAsHome, origin: nil, isFavourite: false, isOwn: false, notes: "", link: link, offersShowOnMap: tab != .map,
            collections: [.init(id: PlaceCardState.Membership.favouritesID, name: tr("Favourites"), isMember: false)]
                + places.collections.map { .init(id: $0.id, name: $0.name.clipped(to: 80), isMember: false) }
        )
    }

    /// "12 km NE of Grenoble, Auvergne-Rhône-Alpes, France", or "Grenoble, …" within half a kilometre;
    /// nil until the gazetteer is read.
    private func whatsHere(_ point: Coordinate) -> String? {
        gazetteer.need()
        guard let near = gazetteer.gazetteer.nearestTown(to: point) else { return nil }
        let town = [near.town.name, near.town.whereAbouts].filter { !$0.isEmpty }.joined(separator: ", ")
        guard near.kilometres >= 0.5 else { return town }
        return tr("{distance} {direction} of {town}", [
            "distance": numbers.distance(kilometres: near.kilometres, in: profile.distanceUnit),
            "direction": near.compassPoint.abbreviation, "town": town,
        ])
    }

    /// "14:05" in `zone` now, as the locale writes times.
    private func localTime(in zone: String) -> String? {
        guard let timeZone = TimeZone(identifier: zone) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = numbers.locale
        formatter.timeZone = timeZone
        formatter.timeStyle = .short
        formatter.dateStyle = .none
        return formatter.string(from: Date())
    }

    /// A line's length or an area's outline, where a place has its coordinates, and its file.
    private func cardState(for shape: PlaceShape) -> PlaceCardState {
        let length = shape.parts.reduce(0.0) { total, part in
            zip(part, part.dropFirst()).reduce(total) { $0 + $1.0.distance(to: $1.1) }
                + (shape.kind == .area ? (part.last.map { part[0].distance(to: $0) } ?? 0) : 0)
        }
        let measured = numbers.distance(kilometres: length, in: profile.distanceUnit)
        return PlaceCardState(
            id: shape.id, title: shape.shownName,
            category: shape.kind == .line ? tr("Line") : tr("Area"), symbol: shape.kind == .line ? "∿" : "▰",
            colour: ShapeColours.colour(for: shape.source, among: places.sources), summary: shape.summary.clipped(to: 1000),
            coordinate: shape.kind == .line ? tr("{length} long", ["length": measured]) : tr("{length} around", ["length": measured]),
            distance: nil, origin: places.sources.first { $0.id == shape.source }?.origin,
            isFavourite: false, isOwn: false, notes: "", link: shape.properties["link"] ?? "", offersShowOnMap: tab != .map,
            isPlace: false, collections: []
        )
    }

    private func cardState(for place: Place) -> PlaceCardState {
        let distance = profile.homeCity.map { home in
            numbers.distance(kilometres: home.coordinate.distance(to: place.coordinate), in: profile.distanceUnit, from: home.shortName)
        }
        if let found = places.found, found.place.id == place.id { return cardState(found: found.origin, as: place, distance: distance) }
        return PlaceCardState(
            id: place.id, title: place.shownName, category: place.category.displayName,
            symbol: place.category.symbol, colour: place.category.colour,
            summary: (place.source == PlaceSource.bundledID ? bundledSummaries.localized(place.summary) : place.summary).clipped(to: 1000),
            coordinate: PlaceFormatting.coordinate(place.coordinate), distance: distance,
            origin: places.sources.first { $0.id == place.source }?.origin, isFavourite: places.favourites.contains(place.id), isOwn: place.isOwn,
            notes: place.notes.clipped(to: PlaceEditorViewModel.notesLimit), link: place.link, offersShowOnMap: tab != .map,
            alsoChanged: (places.alternatives[place.id] ?? []).map(\.summary),
            collections: [.init(id: PlaceCardState.Membership.favouritesID, name: tr("Favourites"), isMember: places.favourites.contains(place.id))]
                + places.collections.map { .init(id: $0.id, name: $0.name.clipped(to: 80), isMember: $0.contains(place.id)) }
        )
    }
}
