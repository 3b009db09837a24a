import Multicast

/// The place being edited while the editor is up, shared by the editor's form, which changes its
/// fields, and the map, which draws it where it would be saved and moves it when it is dragged.
/// Nothing of it reaches `PlacesModel` until the editor saves it.
@MainActor
public final class PlaceDraft {
    public let delegates = MulticastDelegate<any PlaceDraftDelegate>()
    public private(set) var place: Place
    /// The place as the editor opened on it.
    public let original: Place
    /// It is not in the model yet.
    public let isNew: Bool

    public init(place: Place, isNew: Bool) {
        self.place = place
        original = place
        self.isNew = isNew
    }

    /// Changes the place with `edit`; a change is broadcast, saying whether the place moved.
    public func change(_ edit: (inout Place) -> Void) {
        var changed = place
        edit(&changed)
        guard changed != place else { return }
        let moved = changed.coordinate != place.coordinate
        place = changed
        delegates.invoke { $0.placeDraftDidChange(moved: moved) }
    }

    public func move(to coordinate: Coordinate) {
        change { $0.coordinate = coordinate }
    }
}
