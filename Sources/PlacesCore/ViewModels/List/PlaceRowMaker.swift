import Foundation

/// Writes a place's row of the list when the list shows it, from the models as they are then: its
/// name, kind, favourite star, and distance from home in the person's unit.
@MainActor
final class PlaceRowMaker {
    private let model: PlacesModel
    private let profile: ProfileModel
    private let numbers: LocalizedNumbers

    init(model: PlacesModel, profile: ProfileModel, numbers: LocalizedNumbers) {
        self.model = model
        self.profile = profile
        self.numbers = numbers
    }

    func row(forSlot slot: Int) -> PlaceRow {
        let place = model.places[slot]!
        let distance = profile.homeCity.map { home in
            numbers.distance(kilometres: home.coordinate.distance(to: place.coordinate), in: profile.distanceUnit)
        }
        return PlaceRow(
            id: place.id, name: place.shownName, category: place.category.displayName, symbol: place.category.symbol,
            distance: distance, isFavourite: model.favourites.contains(place.id)
        )
    }

    func slot(of id: Place.ID) -> Int? { model.places.slot(of: id) }
}
