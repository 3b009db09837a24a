import Multicast

/// Records the model's side of the trace: files loaded (with their counts and reading time, as `PlacesApp`
/// and `ImportSession` report them), the person's own places added, changed and removed, and profiles saved
/// (both heard from the models, like any subscriber), and what undo and redo did (as `PlacesEditor` reports it).
@MainActor
public final class ModelTrace: PlacesModelDelegate, ProfileModelDelegate {
    private let log: any EventLog
    private let places: PlacesModel
    private let profile: ProfileModel

    public init(log: any EventLog, places: PlacesModel, profile: ProfileModel) {
        self.log = log
        self.places = places
        self.profile = profile
        places.delegates += self
        profile.delegates += self
    }

    func loaded(source: String, places: Int, skipped: Int, milliseconds: Double) {
        log.record(.placesLoaded(source: source, places: places, skipped: skipped, milliseconds: milliseconds))
    }

    func undone(_ edit: PlaceEdit, redone: Bool) {
        let subject = edit.subject
        log.record(redone ? .redo(edit: edit.kind, id: subject.id, name: subject.name) : .undo(edit: edit.kind, id: subject.id, name: subject.name))
    }

    /// Own places only: the bundled places and imports are counted by `placesLoaded` instead of a line each.
    public func placesDidChange(_ change: PlacesChange) {
        for (_, place) in change.removed where place.isOwn { log.record(.placeRemoved(id: place.id, name: place.name)) }
        // Own places are picked out by the table: an import's thousands of slots are never sorted,
        // nor each read to learn it is not own.
        for slot in places.places.ownSlots(among: change.added) {
            if let place = places.places[slot] { log.record(.placeAdded(id: place.id, name: place.name)) }
        }
        for slot in places.places.ownSlots(among: change.updated) {
            if let place = places.places[slot] { log.record(.placeUpdated(id: place.id, name: place.name)) }
        }
    }

    public func profileDidChange(_ change: ProfileChange) {
        guard change.outcome == .saved else { return }
        log.record(.profileSaved(name: profile.name, city: profile.homeCity?.displayName))
    }
}
