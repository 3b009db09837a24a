@testable import Multicast
import Testing

/// The multicast holds delegates weakly: it never keeps one alive, and once one is deallocated it is gone
/// from every view of the multicast, and its slot does not keep memory growing.
@MainActor
@Suite("MulticastDelegate lifetime: weak delegates and slot reclamation")
struct MulticastDelegateLifetimeTests {
    let log = CallLog()
    let multicast = MulticastDelegate<any ProfileModelDelegate>()
    let keeper = Keeper()

    /// Adds a delegate that only the multicast (weakly) references once this returns.
    func addTransientDelegate(_ label: String) -> () -> RecordingDelegate? {
        let delegate = RecordingDelegate(label, log: log)
        multicast.add(delegate)
        return { [weak delegate] in delegate }
    }

    @Test("the multicast does not retain its delegates")
    func doesNotRetain() {
        weak var probe: RecordingDelegate?
        do {
            let delegate = RecordingDelegate("A", log: log)
            probe = delegate
            multicast.add(delegate)
            #expect(probe != nil)
        }
        #expect(probe == nil)
    }

    @Test("neither broadcasting, iterating, counting nor describing keeps a delegate alive")
    func readingDoesNotRetain() {
        weak var probe: RecordingDelegate?
        do {
            let delegate = RecordingDelegate("A", log: log)
            probe = delegate
            multicast.add(delegate)
            multicast.invoke { $0.didSave() }
            _ = Array(multicast)
            _ = multicast[0]
            _ = multicast[delegate]
            _ = multicast.count
            _ = multicast.description
        }
        #expect(probe == nil)
        #expect(log.entries == ["A:save"])
    }

    @Test("a deallocated delegate is never called")
    func deallocatedIsNotCalled() {
        let first = keeper.keep(RecordingDelegate("A", log: log))
        multicast.add(first)
        let probe = addTransientDelegate("B")
        let last = keeper.keep(RecordingDelegate("C", log: log))
        multicast.add(last)
        #expect(probe() == nil)

        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "C:save"])
    }

    @Test("a deallocated delegate is never counted: count and isEmpty see only live delegates")
    func deallocatedIsNotCounted() {
        let first = keeper.keep(RecordingDelegate("A", log: log))
        multicast.add(first)
        _ = addTransientDelegate("B")
        _ = addTransientDelegate("C")
        #expect(multicast.count == 1)
        #expect(!multicast.isEmpty)

        multicast.remove(first)
        _ = addTransientDelegate("D")
        #expect(multicast.count == 0)
        #expect(multicast.isEmpty)
    }

    @Test("a multicast whose delegates were all deallocated is empty")
    func allDeallocatedIsEmpty() {
        _ = addTransientDelegate("A")
        _ = addTransientDelegate("B")
        var calls = 0
        multicast.invoke { _ in calls += 1 }
        #expect(calls == 0)
        #expect(multicast.isEmpty)
        #expect(multicast.count == 0)
        #expect(Array(multicast).isEmpty)
        #expect(multicast[0] == nil)
    }

    @Test("a deallocated delegate is never iterated")
    func deallocatedIsNotIterated() {
        let first = keeper.keep(RecordingDelegate("A", log: log))
        multicast.add(first)
        _ = addTransientDelegate("B")
        let last = keeper.keep(RecordingDelegate("C", log: log))
        multicast.add(last)

        let iterated = multicast.map { ($0 as? RecordingDelegate)?.label }
        #expect(iterated == ["A", "C"])
    }

    @Test("a deallocated delegate is never returned by the subscripts: later delegates move up")
    func deallocatedIsNotSubscripted() {
        let first = keeper.keep(RecordingDelegate("A", log: log))
        multicast.add(first)
        _ = addTransientDelegate("B")
        let last = keeper.keep(RecordingDelegate("C", log: log))
        multicast.add(last)

        #expect(multicast[0] === first)
        #expect(multicast[1] === last)
        #expect(multicast[2] == nil)
        #expect(multicast[first] == 0)
        #expect(multicast[last] == 1)
    }

    @Test("a deallocated delegate is left out of the description")
    func deallocatedIsNotDescribed() {
        let first = keeper.keep(RecordingDelegate("A", log: log))
        multicast.add(first)
        _ = addTransientDelegate("B")
        let listed = multicast.description.drop { $0 != "[" }.dropFirst().dropLast()
        #expect(listed.split(separator: ",").count == 1)
        #expect(multicast.description == "MulticastDelegate<ProfileModelDelegate>[RecordingDelegate]")
    }

    @Test("a new delegate, even one allocated at a dead delegate's address, is added as a new delegate")
    func addressReuseIsANewDelegate() {
        var deadAddress: ObjectIdentifier?
        do {
            let doomed = RecordingDelegate("Dead", log: log)
            deadAddress = ObjectIdentifier(doomed)
            multicast.add(doomed)
        }
        // Allocate until the allocator hands the dead delegate's address out again (it normally does at once).
        var keep: [RecordingDelegate] = []
        var reused: RecordingDelegate?
        for index in 0..<64 {
            let candidate = RecordingDelegate("New\(index)", log: log)
            if ObjectIdentifier(candidate) == deadAddress { reused = candidate; break }
            keep.append(candidate)
        }
        let newcomer = keeper.keep(reused ?? RecordingDelegate("New", log: log))

        #expect(!multicast.contains(newcomer))
        #expect(multicast[newcomer] == nil)
        multicast.add(newcomer)
        #expect(multicast.contains(newcomer))
        #expect(multicast.count == 1)
        #expect(multicast[newcomer] == 0)
        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["\(newcomer.label):save"])
        multicast.remove(newcomer)
        #expect(multicast.isEmpty)
    }

    @Test("a delegate outlives a deallocated multicast untouched")
    func delegateOutlivesMulticast() {
        let delegate = RecordingDelegate("A", log: log)
        weak var probe: MulticastDelegate<any ProfileModelDelegate>?
        do {
            let shortLived = MulticastDelegate<any ProfileModelDelegate>()
            probe = shortLived
            shortLived.add(delegate)
            shortLived.invoke { $0.didSave() }
        }
        #expect(probe == nil)
        delegate.didSave()
        #expect(log.entries == ["A:save", "A:save"])
    }

    @Test("100,000 add/release cycles with at most 10 live delegates keep the storage small")
    func churnByDeallocationIsReclaimed() {
        var live: [RecordingDelegate] = []
        var largestCount = 0
        var largestCapacity = 0
        for cycle in 0..<100_000 {
            let delegate = RecordingDelegate("D", log: log)
            multicast.add(delegate)
            live.append(delegate)
            if live.count > 10 {
                // Release a pseudo-random live delegate, not always the oldest.
                live.remove(at: (cycle &* 7) % live.count)
            }
            largestCount = max(largestCount, multicast.slotCount)
            largestCapacity = max(largestCapacity, multicast.capacity)
        }
        withExtendedLifetime(live) {
            #expect(multicast.count == 10)
            #expect(largestCount < 64)
            #expect(largestCapacity < 64)
            multicast.invoke { $0.didSave() }
            #expect(log.entries.count == 10)
        }
    }

    @Test("100,000 add/remove cycles with at most 10 present delegates keep the storage small")
    func churnByRemovalIsReclaimed() {
        let pool = keeper.keep((0..<11).map { RecordingDelegate("P\($0)", log: log) })
        for delegate in pool.prefix(10) { multicast.add(delegate) }
        var largestCapacity = 0
        var outside = 10
        for cycle in 0..<100_000 {
            // Remove a present delegate (rarely the last one), then add the one that was outside.
            let victim = (outside + 1 + cycle % 10) % 11
            multicast.remove(pool[victim])
            multicast.add(pool[outside])
            outside = victim
            largestCapacity = max(largestCapacity, multicast.capacity)
        }
        #expect(multicast.count == 10)
        #expect(!multicast.contains(pool[outside]))
        #expect(largestCapacity < 64)
    }

    @Test("delegates replaced during broadcasts do not grow the storage without bound")
    func churnDuringBroadcastsIsReclaimed() {
        // A coordinator-style delegate that, on every save, replaces a screen's delegate: the old one is
        // deallocated and the new one is added, both from inside the broadcast.
        var screen: RecordingDelegate? = RecordingDelegate("Screen", log: log)
        multicast.add(screen!)
        let coordinator = keeper.keep(RecordingDelegate("Coordinator", log: log))
        coordinator.onSave = { [multicast, log] in
            screen = RecordingDelegate("Screen", log: log)
            multicast.add(screen!)
        }
        multicast.add(coordinator)

        var largestCapacity = 0
        for _ in 0..<5_000 {
            multicast.invoke { $0.didSave() }
            largestCapacity = max(largestCapacity, multicast.capacity)
        }
        #expect(multicast.count == 2)
        #expect(largestCapacity < 64)
        #expect(multicast.slotCount < 64)
    }
}
