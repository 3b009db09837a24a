import Multicast

/// Runs `MulticastAction`s against a real `MulticastDelegate`, holding the only strong references to the
/// delegates, and records the calls in the same form as `MulticastReferenceModel`.
@MainActor
final class MulticastHarness {
    let multicast = MulticastDelegate<any ProfileModelDelegate>()
    private(set) var held: [Int: HarnessDelegate] = [:]
    private(set) var calls: [MulticastCall] = []
    /// Weak probes of every delegate not yet seen deallocated.
    private var probes: [Int: WeakHarnessDelegate] = [:]
    /// The trigger of the broadcast running at each depth, and whether it fired.
    private var triggers: [Int: (trigger: MulticastTrigger, fired: Bool)] = [:]

    func clearCalls() { calls.removeAll(keepingCapacity: true) }

    func apply(_ action: MulticastAction, depth: Int) {
        switch action {
        case .addNew(let id):
            let delegate = HarnessDelegate(id: id, harness: self)
            held[id] = delegate
            probes[id] = WeakHarnessDelegate(delegate)
            multicast.add(delegate)
        case .addExisting(let id):
            if let delegate = held[id] { multicast.add(delegate) }
        case .remove(let id):
            if let delegate = held[id] { multicast.remove(delegate) }
        case .release(let id):
            held[id] = nil
        case .invoke(let trigger):
            broadcast(depth: depth + 1, trigger: trigger)
        }
    }

    private func broadcast(depth: Int, trigger: MulticastTrigger?) {
        if let trigger { triggers[depth] = (trigger, false) }
        defer { triggers[depth] = nil }
        let label = String(depth)
        // Both spellings of a broadcast are exercised.
        if depth.isMultiple(of: 2) {
            multicast.invoke { $0.didUpdate(name: label) }
        } else {
            multicast ~> { $0.didUpdate(name: label) }
        }
    }

    func delegateWasCalled(id: Int, depth: Int) {
        calls.append(MulticastCall(depth: depth, id: id))
        guard var pending = triggers[depth], !pending.fired, pending.trigger.target == id else { return }
        pending.fired = true
        triggers[depth] = pending
        apply(pending.trigger.action, depth: depth)
    }

    /// Ids whose delegate is still allocated; probes of deallocated delegates are dropped once seen.
    func aliveIDs() -> Set<Int> {
        var alive: Set<Int> = []
        for (id, probe) in probes {
            if probe.delegate == nil { probes[id] = nil } else { alive.insert(id) }
        }
        return alive
    }
}

/// A weak reference to a `HarnessDelegate`.
@MainActor
struct WeakHarnessDelegate {
    weak var delegate: HarnessDelegate?

    init(_ delegate: HarnessDelegate) { self.delegate = delegate }
}
