import Foundation
import Multicast

/// The place card's view-model: follows the selection, the selected place's values, its favourite
/// state and the home city, and publishes the card's text (nil when nothing is selected). What the
/// card's buttons ask for goes to the coordinator, which makes every change through the undo history.
@MainActor
public final class PlaceCardViewModel: PlacesModelDelegate, ProfileModelDelegate {
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
    }

    /// The card's content; replays the latest to a new subscriber.
    public let state = Publink<PlaceCardState?>(replaysLast: true)
    /// Where the card's requests go.
    public weak var coordinator: (any AppCoordinating)?

    private let places: PlacesModel
    private let profile: ProfileModel
    private let numbers: LocalizedNumbers
    private let bundledSummaries: BundledSummary
    private var tab: Tab = .map

    public init(places: PlacesModel, profile: ProfileModel, locale: Locale = .current) {
        self.places = places
        self.profile = profile
        numbers = LocalizedNumbers(locale: locale)
        bundledSummaries = BundledSummary(numbers: numbers)
        places.delegates += self
        profile.delegates += self
        refresh()
    }

    public func send(_ input: Input) {
        switch input {
        case .close:
            places.select(nil)
        case .toggleFavourite:
            if let id = places.selectedItem { coordinator?.handle(.edit(.setFavourite(id, !places.favourites.contains(id)))) }
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
            if collection == PlaceCardState.Membership.favouritesID {
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
        }
    }

    public func placesDidChange(_ change: PlacesChange) {
        let shown = state.latest??.id
        let touchesShown = shown.map { id in
            change.favouritesAdded.contains(id) || change.favouritesRemoved.contains(id)
                || places.places.slot(of: id).map(change.updated.contains) == true || !change.collectionsChanged.isEmpty
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
        return PlaceCardState(
            id: place.id, title: place.shownName, category: place.category.displayName,
            symbol: place.category.symbol, colour: place.category.colour,
            summary: (place.source == PlaceSource.bundledID ? bundledSummaries.localized(place.summary) : place.summary).clipped(to: 1000),
            coordinate: PlaceFormatting.coordinate(place.coordinate), distance: distance,
            origin: places.sources.first { $0.id == place.source }?.origin, isFavourite: places.favourites.contains(place.id), isOwn: place.isOwn,
            notes: place.notes.clipped(to: PlaceEditorViewModel.notesLimit), link: place.link, offersShowOnMap: tab != .map,
            collections: [.init(id: PlaceCardState.Membership.favouritesID, name: tr("Favourites"), isMember: places.favourites.contains(place.id))]
                + places.collections.map { .init(id: $0.id, name: $0.name.clipped(to: 80), isMember: $0.contains(place.id)) }
        )
    }
}
