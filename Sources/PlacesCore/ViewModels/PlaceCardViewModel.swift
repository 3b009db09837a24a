import Foundation
import Multicast

/// What the bottom card shows for the selected place.
public struct PlaceCardState: Equatable, Sendable {
    /// The place's id.
    public var id: Place.ID
    /// The place's name (plain text).
    public var title: String
    /// "Airport", "Capital"...
    public var category: String
    /// The category's legend symbol.
    public var symbol: String
    /// The category's colour.
    public var colour: RGB
    /// One line about the place (may be empty).
    public var summary: String
    /// "48.8584° N, 2.2945° E".
    public var coordinate: String
    /// "1,234 km from Lyon", or nil without a home city.
    public var distance: String?
    /// Whether it is a favourite.
    public var isFavourite: Bool
}

/// The place card's view-model: follows the selection, the home city and the favourites, and
/// publishes the card's text (nil when nothing is selected).
@MainActor
public final class PlaceCardViewModel: PlacesModelDelegate, ProfileModelDelegate {
    /// The card's content; replays the latest to a new subscriber.
    public let state = Publink<PlaceCardState?>(replaysLast: true)

    private let placesModel: PlacesModel
    private let profileModel: ProfileModel
    private let locale: Locale

    /// Subscribes to both models.
    public init(placesModel: PlacesModel, profileModel: ProfileModel, locale: Locale = .current) {
        self.placesModel = placesModel
        self.profileModel = profileModel
        self.locale = locale
        placesModel.delegates += self
        profileModel.delegates += self
        refresh()
    }

    /// Marks or unmarks the shown place as a favourite.
    public func toggleFavourite() {
        guard let id = placesModel.selectedItem else { return }
        placesModel.toggleFavourite(id)
    }

    /// The card's close button: clears the selection (the coordinator then hides the card).
    public func close() {
        placesModel.selectedItem = nil
    }

    public func didSelectItem(_ id: Place.ID?) { refresh() }
    public func didUpdate(location: Coordinate?) { refresh() }
    public func didChange(favourites: Set<Place.ID>) { refresh() }
    public func didUpdate(city: City?) { refresh() }

    private func refresh() {
        state.publish(placesModel.selectedPlace.map(cardState(for:)))
    }

    private func cardState(for place: Place) -> PlaceCardState {
        var distance: String?
        if let home = profileModel.homeCity {
            let km = (placesModel.location ?? home.coordinate).distance(to: place.coordinate)
            distance = PlaceFormatting.distance(kilometres: km, from: home.name, locale: locale)
        }
        return PlaceCardState(
            id: place.id, title: place.name, category: place.category.displayName,
            symbol: place.category.symbol, colour: place.category.colour, summary: place.summary,
            coordinate: PlaceFormatting.coordinate(place.coordinate), distance: distance,
            isFavourite: placesModel.favourites.contains(place.id)
        )
    }
}
