import PlacesCore

extension PlacesModel {
    /// Stars the place with `id`, or unstars it, as the card's star does through the coordinator.
    public func toggleFavourite(_ id: Place.ID) {
        setFavourite(id, !favourites.contains(id))
    }
}
