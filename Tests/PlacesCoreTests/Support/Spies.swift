import Multicast
import PlacesCore

/// A counter that outlives the spies that bump it.
@MainActor
final class Tally {
    var count = 0
}

/// Records every change `PlacesModel` broadcasts to it.
@MainActor
final class SpyPlacesDelegate: PlacesModelDelegate {
    private(set) var changes: [PlacesChange] = []
    /// Runs inside each broadcast, after it is recorded (to make nested changes).
    var onChange: ((PlacesChange) -> Void)?
    private let tally: Tally?
    private weak var model: PlacesModel?

    /// A spy that reads `model`'s selection as each broadcast arrives, when given one.
    init(tally: Tally? = nil, model: PlacesModel? = nil) {
        self.tally = tally
        self.model = model
    }

    /// The model's selection at each broadcast that changed it.
    private(set) var selections: [Place.ID?] = []

    var broadcastCount: Int { changes.count }

    /// Forgets the changes recorded so far.
    func reset() {
        changes.removeAll()
        selections.removeAll()
    }

    func placesDidChange(_ change: PlacesChange) {
        changes.append(change)
        if change.selectionChanged, let model { selections.append(model.selectedItem) }
        tally?.count += 1
        onChange?(change)
    }
}

/// Records every change `ProfileModel` broadcasts to it.
@MainActor
final class SpyProfileDelegate: ProfileModelDelegate {
    private(set) var changes: [ProfileChange] = []

    var broadcastCount: Int { changes.count }

    func profileDidChange(_ change: ProfileChange) { changes.append(change) }
}

/// Records the requests a view-model makes of its coordinator.
@MainActor
final class SpyCoordinator: AppCoordinating {
    private(set) var requests: [AppRequest] = []

    func handle(_ request: AppRequest) { requests.append(request) }

    /// The tabs asked for, in order.
    var tabs: [Tab] { requests.compactMap { if case .show(let tab) = $0 { tab } else { nil } } }
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
