import Foundation
import Multicast

/// The place card's view-model: follows the selection, the selected place's values, its favourite
/// state and the home city, and publishes the card's text (nil when nothing is selected).
@MainActor
public final class PlaceCardViewModel: PlacesModelDelegate, ProfileModelDelegate {
    /// What the card tells the view-model.
    public enum Input: Sendable {
        case toggleFavourite
        /// The close button: clears the selection (the coordinator then hides the card).
        case close
    }

    /// The card's content; replays the latest to a new subscriber.
    public let state = Publink<PlaceCardState?>(replaysLast: true)

    private let places: PlacesModel
    private let profile: ProfileModel
    private let numbers: LocalizedNumbers

    public init(places: PlacesModel, profile: ProfileModel, locale: Locale = .current) {
        self.places = places
        self.profile = profile
        numbers = LocalizedNumbers(locale: locale)
        places.delegates += self
        profile.delegates += self
        refresh()
    }

    public func send(_ input: Input) {
        switch input {
        case .toggleFavourite:
            if let id = places.selectedItem { places.toggleFavourite(id) }
        case .close:
            places.select(nil)
        }
    }

    public func placesDidChange(_ change: PlacesChange) {
        let shown = state.latest??.id
        let touchesShown = shown.map { id in
            change.favouritesAdded.contains(id) || change.favouritesRemoved.contains(id)
                || places.places.slot(of: id).map(change.updated.contains) == true
        } ?? false
        if change.selectionChanged || touchesShown { refresh() }
    }

    public func profileDidChange(_ change: ProfileChange) {
        if change.homeCityChanged { refresh() }
    }

    private func refresh() {
        let card = places.selectedPlace.map(cardState(for:))
        if state.latest != .some(card) { state.publish(card) }
    }

    private func cardState(for place: Place) -> PlaceCardState {
        let distance = profile.homeCity.map { home in
            numbers.distance(kilometres: home.coordinate.distance(to: place.coordinate), from: home.name)
        }
        return PlaceCardState(
            id: place.id, title: place.shownName, category: place.category.displayName,
            symbol: place.category.symbol, colour: place.category.colour, summary: place.summary.clipped(to: 1000),
            coordinate: PlaceFormatting.coordinate(place.coordinate), distance: distance,
            isFavourite: places.favourites.contains(place.id)
        )
    }
}
