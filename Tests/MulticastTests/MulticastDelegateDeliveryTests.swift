import Multicast
import Testing

/// Who is called, in which order, after `add` / `remove` / `removeAll` made outside any broadcast.
@MainActor
@Suite("MulticastDelegate delivery: FIFO order, duplicates, removal")
struct MulticastDelegateDeliveryTests: DelegateFixture {
    let log = CallLog()
    let multicast = MulticastDelegate<any ProfileModelDelegate>()
    let keeper = Keeper()

    @Test("a broadcast calls every delegate once, in the order they were first added")
    func fifoOrder() {
        let delegates = makeDelegates("A", "B", "C", "D")
        for delegate in delegates { multicast.add(delegate) }

        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "B:save", "C:save", "D:save"])
    }

    @Test("a broadcast passes the same arguments to each delegate")
    func argumentsReachEveryDelegate() {
        let delegates = makeDelegates("A", "B")
        for delegate in delegates { multicast.add(delegate) }

        multicast.invoke { $0.didUpdate(name: "Lyon") }

        #expect(log.entries == ["A:Lyon", "B:Lyon"])
    }

    @Test("every broadcast calls the delegates again, in the same order")
    func repeatedBroadcasts() {
        let delegates = makeDelegates("A", "B")
        for delegate in delegates { multicast.add(delegate) }

        multicast.invoke { $0.didUpdate(name: "1") }
        multicast.invoke { $0.didUpdate(name: "2") }

        #expect(log.entries == ["A:1", "B:1", "A:2", "B:2"])
    }

    @Test("a broadcast with no delegates calls nothing")
    func emptyBroadcast() {
        var calls = 0
        multicast.invoke { _ in calls += 1 }
        #expect(calls == 0)
        #expect(multicast.isEmpty)
        #expect(multicast.count == 0)
    }

    @Test("adding a delegate that is already present changes nothing: it keeps its first position and is called once")
    func duplicateAddKeepsFirstPosition() {
        let delegates = makeDelegates("A", "B", "C")
        for delegate in delegates { multicast.add(delegate) }

        multicast.add(delegates[0])
        multicast.add(delegates[1])
        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "B:save", "C:save"])
        #expect(multicast.count == 3)
    }

    @Test("removing a delegate stops its calls and keeps the others in order")
    func removeFromTheMiddle() {
        let delegates = makeDelegates("A", "B", "C")
        for delegate in delegates { multicast.add(delegate) }

        multicast.remove(delegates[1])
        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "C:save"])
        #expect(multicast.count == 2)
        #expect(!multicast.contains(delegates[1]))
    }

    @Test("removing the first or the last delegate keeps the others in order")
    func removeAtTheEnds() {
        let delegates = makeDelegates("A", "B", "C", "D")
        for delegate in delegates { multicast.add(delegate) }

        multicast.remove(delegates[3])
        multicast.remove(delegates[0])
        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["B:save", "C:save"])
    }

    @Test("removing a delegate that is not present is a no-op")
    func removeAbsentIsNoOp() {
        let delegates = makeDelegates("A", "B", "Stranger")
        multicast.add(delegates[0])
        multicast.add(delegates[1])

        multicast.remove(delegates[2])
        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "B:save"])
        #expect(multicast.count == 2)
    }

    @Test("removing a delegate twice is a no-op the second time")
    func removeTwice() {
        let delegates = makeDelegates("A", "B", "C")
        for delegate in delegates { multicast.add(delegate) }

        multicast.remove(delegates[1])
        multicast.remove(delegates[1])
        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "C:save"])
    }

    @Test("a removed delegate that is added again goes to the end of the order")
    func removeThenReAddGoesToTheEnd() {
        let delegates = makeDelegates("A", "B", "C")
        for delegate in delegates { multicast.add(delegate) }

        multicast.remove(delegates[0])
        multicast.add(delegates[0])
        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["B:save", "C:save", "A:save"])
        #expect(multicast[2] === delegates[0])
    }

    @Test("removeAll stops every delegate, and delegates can be added again afterwards")
    func removeAll() {
        let delegates = makeDelegates("A", "B", "C")
        for delegate in delegates { multicast.add(delegate) }

        multicast.removeAll()
        multicast.invoke { $0.didSave() }
        #expect(log.entries.isEmpty)
        #expect(multicast.isEmpty)

        multicast.add(delegates[2])
        multicast.add(delegates[0])
        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["C:save", "A:save"])
    }

    @Test("contains reports whether a delegate is present")
    func containsReportsPresence() {
        let delegates = makeDelegates("A", "B")
        multicast.add(delegates[0])

        #expect(multicast.contains(delegates[0]))
        #expect(!multicast.contains(delegates[1]))
        multicast.remove(delegates[0])
        #expect(!multicast.contains(delegates[0]))
    }

    @Test("one object can be a delegate of several multicasts, each with its own order")
    func severalMulticasts() {
        let other = MulticastDelegate<any ProfileModelDelegate>()
        let delegates = makeDelegates("A", "B")
        multicast.add(delegates[0])
        multicast.add(delegates[1])
        other.add(delegates[1])
        other.add(delegates[0])

        multicast.invoke { $0.didUpdate(name: "first") }
        other.invoke { $0.didUpdate(name: "second") }
        other.remove(delegates[0])
        multicast.invoke { $0.didUpdate(name: "third") }

        #expect(log.entries == ["A:first", "B:first", "B:second", "A:second", "A:third", "B:third"])
    }

    @Test("delegates of different concrete types are called in the order they were added")
    func heterogeneousDelegates() {
        final class Counter: ProfileModelDelegate {
            var saves = 0
            func didUpdate(name: String) {}
            func didSave() { saves += 1 }
        }
        let first = keeper.keep(RecordingDelegate("A", log: log))
        let counter = keeper.keep(Counter())
        let last = keeper.keep(RecordingDelegate("C", log: log))
        multicast.add(first)
        multicast.add(counter)
        multicast.add(last)

        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "C:save"])
        #expect(counter.saves == 1)
        #expect(multicast[1] === counter)
    }

    @Test("a multicast of a concrete class type (not a protocol) delivers, removes and stays weak the same way")
    func concreteClassDelegates() {
        let concrete = MulticastDelegate<RecordingDelegate>()
        let delegates = makeDelegates("A", "B", "C")
        weak var probe: RecordingDelegate?
        do {
            let transient = RecordingDelegate("T", log: log)
            probe = transient
            concrete += transient
        }
        for delegate in delegates { concrete += delegate }
        concrete.add(delegates[0])
        concrete -= delegates[1]

        concrete ~> { $0.didSave() }

        #expect(probe == nil)
        #expect(log.entries == ["A:save", "C:save"])
        #expect(concrete.count == 2)
        #expect(concrete[1] === delegates[2])
        #expect(concrete[delegates[2]] == 1)
        #expect(concrete.map(\.label) == ["A", "C"])
    }
}
