/// Something that can switch tabs on request: the coordinator, as view-models see it.
@MainActor
public protocol Navigator: AnyObject {
    /// Asks for `tab` to be shown.
    func show(tab: Tab)
    /// Asks for an imported source and its places to be removed.
    func removeSource(_ id: PlaceSource.ID)
    /// Asks for the places with `ids` to be written as GeoJSON to `path`.
    func exportPlaces(_ ids: [Place.ID], to path: String)
}

extension Navigator {
    /// Does nothing (navigators that cannot remove sources).
    public func removeSource(_ id: PlaceSource.ID) {}
    /// Does nothing (navigators that cannot export).
    public func exportPlaces(_ ids: [Place.ID], to path: String) {}
}
