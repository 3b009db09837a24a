/// What `PlacesModel` broadcasts. Every method has a default that does nothing, so each subscriber
/// implements only what it needs.
@MainActor
public protocol PlacesModelDelegate: AnyObject {
    /// The set of places changed (loaded, imported, removed).
    func didChange(places: [Place])
    /// The selection changed; nil means nothing is selected. Callers receive their own change too.
    func didSelectItem(_ id: Place.ID?)
    /// The home location moved (nil: no home city).
    func didUpdate(location: Coordinate?)
    /// The favourites changed.
    func didChange(favourites: Set<Place.ID>)
    /// The list of sources changed.
    func didChange(sources: [PlaceSource])
}

extension PlacesModelDelegate {
    /// Does nothing.
    public func didChange(places: [Place]) {}
    /// Does nothing.
    public func didSelectItem(_ id: Place.ID?) {}
    /// Does nothing.
    public func didUpdate(location: Coordinate?) {}
    /// Does nothing.
    public func didChange(favourites: Set<Place.ID>) {}
    /// Does nothing.
    public func didChange(sources: [PlaceSource]) {}
}
