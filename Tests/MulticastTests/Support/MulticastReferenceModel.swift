/// The documented semantics of `MulticastDelegate`, written from its documentation alone (no tombstones, no
/// storage indices): membership is an ordered list, and a broadcast works on a snapshot of it.
///
/// - A delegate is alive while the test holds it, or while a broadcast is calling it (the call itself
///   holds it); otherwise it is deallocated at once and leaves the multicast.
/// - `add` appends a delegate that is not a member; each membership gets a fresh token.
/// - A broadcast snapshots the (id, token) pairs; at each turn it calls the delegate only if it is alive and
///   still a member under the same token (so a removal, even followed by a re-add, skips it).
/// - A nested broadcast is just another broadcast, run to completion inside the callback (depth first).
struct MulticastReferenceModel {
    private(set) var members: [Int] = []
    private var tokens: [Int: Int] = [:]
    private var nextToken = 0
    private(set) var held: Set<Int> = []
    private var beingCalled: [Int] = []
    private(set) var calls: [MulticastCall] = []

    // Coverage counters: proof that the run exercised the tricky paths.
    private(set) var skippedBecauseRemoved = 0
    private(set) var skippedBecauseDeallocated = 0
    private(set) var releasedWhileBeingCalled = 0
    private(set) var firedTriggers = 0
    private(set) var deepestBroadcast = 0

    func isAlive(_ id: Int) -> Bool { held.contains(id) || beingCalled.contains(id) }

    mutating func clearCalls() { calls.removeAll(keepingCapacity: true) }

    /// Performs `action` as the test does at nesting `depth` (0 = top level, outside any broadcast).
    mutating func apply(_ action: MulticastAction, depth: Int) {
        switch action {
        case .addNew(let id):
            held.insert(id)
            add(id)
        case .addExisting(let id):
            if held.contains(id) { add(id) }
        case .remove(let id):
            if held.contains(id) { leave(id) }
        case .release(let id):
            guard held.contains(id) else { return }
            held.remove(id)
            if beingCalled.contains(id) {
                releasedWhileBeingCalled += 1
            } else {
                leave(id)
            }
        case .invoke(let trigger):
            broadcast(depth: depth + 1, trigger: trigger)
        }
    }

    private mutating func add(_ id: Int) {
        guard tokens[id] == nil else { return }
        members.append(id)
        tokens[id] = nextToken
        nextToken += 1
    }

    private mutating func leave(_ id: Int) {
        tokens[id] = nil
        members.removeAll { $0 == id }
    }

    private mutating func broadcast(depth: Int, trigger: MulticastTrigger?) {
        deepestBroadcast = max(deepestBroadcast, depth)
        let snapshot = members.map { (id: $0, token: tokens[$0]!) }
        var fired = false
        for (id, token) in snapshot {
            guard isAlive(id) else { skippedBecauseDeallocated += 1; continue }
            guard tokens[id] == token else { skippedBecauseRemoved += 1; continue }
            calls.append(MulticastCall(depth: depth, id: id))
            beingCalled.append(id)
            if let trigger, !fired, trigger.target == id {
                fired = true
                firedTriggers += 1
                apply(trigger.action, depth: depth)
            }
            beingCalled.removeLast()
            if !isAlive(id) { leave(id) }
        }
    }
}
