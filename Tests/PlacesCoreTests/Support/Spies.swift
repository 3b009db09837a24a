import Multicast
import PlacesCore

/// A counter that outlives the spies that bump it.
@MainActor
final class Tally {
    var count = 0
}

/// Records everything `PlacesModel` broadcasts to it.
@MainActor
final class SpyPlacesDelegate: PlacesModelDelegate {
    private(set) var selections: [Place.ID?] = []
    private(set) var placeChanges: [[Place.ID]] = []
    private(set) var locations: [Coordinate?] = []
    private(set) var favouriteChanges: [Set<Place.ID>] = []
    private(set) var sourceChanges: [[PlaceSource.ID]] = []
    /// Runs inside `didSelectItem` (to make nested changes).
    var onSelect: ((Place.ID?) -> Void)?
    private let tally: Tally?

    init(tally: Tally? = nil) { self.tally = tally }

    /// Every broadcast received, of any kind.
    var broadcastCount: Int {
        selections.count + placeChanges.count + locations.count + favouriteChanges.count + sourceChanges.count
    }

    func didChange(places: [Place]) { record { placeChanges.append(places.map(\.id)) } }
    func didSelectItem(_ id: Place.ID?) {
        record { selections.append(id) }
        onSelect?(id)
    }
    func didUpdate(location: Coordinate?) { record { locations.append(location) } }
    func didChange(favourites: Set<Place.ID>) { record { favouriteChanges.append(favourites) } }
    func didChange(sources: [PlaceSource]) { record { sourceChanges.append(sources.map(\.id)) } }

    private func record(_ body: () -> Void) {
        body()
        tally?.count += 1
    }
}

/// Records everything `ProfileModel` broadcasts to it.
@MainActor
final class SpyProfileDelegate: ProfileModelDelegate {
    private(set) var names: [String] = []
    private(set) var cities: [City?] = []
    private(set) var saves = 0
    private(set) var failures: [String] = []

    var broadcastCount: Int { names.count + cities.count + saves + failures.count }

    func didUpdate(name: String) { names.append(name) }
    func didUpdate(city: City?) { cities.append(city) }
    func didSave() { saves += 1 }
    func didFailToSave(_ error: any Error) { failures.append("\(error)") }
}

/// Records the tabs a view-model asks for.
@MainActor
final class SpyNavigator: Navigator {
    private(set) var tabs: [Tab] = []
    func show(tab: Tab) { tabs.append(tab) }
}

/// Keeps every value a `Publink` publishes after subscription (the replayed latest value excluded).
@MainActor
final class StateRecorder<Value> {
    private(set) var values: [Value] = []
    private var subscription: Subscription?

    init(_ link: Publink<Value>) {
        var replaying = link.replaysLast && link.latest != nil
        subscription = link.subscribe { [weak self] value in
            if replaying { replaying = false; return }
            self?.values.append(value)
        }
        replaying = false
    }

    var count: Int { values.count }
    var last: Value? { values.last }
    func reset() { values.removeAll() }
}

/// An error with a message, for stores that fail on purpose.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
}
