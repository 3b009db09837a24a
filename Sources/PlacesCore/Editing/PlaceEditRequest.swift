/// A change the person asks for from the card, the list or the menu, which `PlacesEditor.perform`
/// makes and answers with the notice that says so.
public enum PlaceEditRequest: Sendable, Equatable {
    /// Delete the person's own place, with Undo.
    case delete(Place.ID)
    /// Add an editable copy of a place to My Places.
    case copyToMine(Place.ID)
    /// Add an editable copy of a place to My Places and, in the same step, to a collection (or to
    /// favourites: `PlaceCardState.Membership.favouritesID`).
    case copyToCollection(Place.ID, PlaceCollection.ID)
    case setFavourite(Place.ID, Bool)
    /// Put the place into the collection (true), or take it out (false).
    case setMember(Place.ID, of: PlaceCollection.ID, Bool)
    /// Make a collection of this name, with the place in it (nil: empty).
    case createCollection(named: String, adding: Place.ID?)
    case renameCollection(PlaceCollection.ID, to: String)
    /// Delete the collection (its places stay), with Undo.
    case deleteCollection(PlaceCollection.ID)
    /// Give the person's own place the value another computer gave it, with Undo.
    case takeAlternative(Place.ID, PlaceAlternative)
}
