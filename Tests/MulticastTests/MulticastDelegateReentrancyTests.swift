import Multicast
import Testing

/// What a broadcast does when delegates add, remove, release or broadcast from inside it.
///
/// The rules: a broadcast calls the delegates present when it started; one added meanwhile is first called
/// by the next broadcast; one removed or deallocated meanwhile is not called after that. A nested broadcast
/// runs depth first: it reaches every delegate before the outer one continues after the caller.
@MainActor
@Suite("MulticastDelegate re-entrancy: snapshot broadcasts and depth-first nesting")
struct MulticastDelegateReentrancyTests: DelegateFixture {
    let log = CallLog()
    let multicast = MulticastDelegate<any ProfileModelDelegate>()
    let keeper = Keeper()

    // MARK: Adding during a broadcast

    @Test("a delegate added during a broadcast is first called by the next one")
    func addedDuringBroadcastWaitsForTheNextOne() {
        let delegates = addDelegates("A", "B")
        let late = keeper.keep(RecordingDelegate("Late", log: log))
        delegates[0].onSave = { [multicast] in multicast.add(late) }

        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "B:save"])

        delegates[0].onSave = nil
        log.clear()
        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "B:save", "Late:save"])
    }

    @Test("a delegate added from the broadcast body itself is first called by the next broadcast")
    func addedByTheBodyWaitsForTheNextOne() {
        let delegates = addDelegates("A", "B")
        let late = keeper.keep(RecordingDelegate("Late", log: log))
        multicast.invoke { delegate in
            delegate.didSave()
            if delegate === delegates[0] { multicast.add(late) }
        }
        #expect(log.entries == ["A:save", "B:save"])
        #expect(labels() == ["A", "B", "Late"])
    }

    @Test("many delegates added during a broadcast (the storage grows) leave the rest of that broadcast intact")
    func storageGrowthDuringBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        let added = keeper.keep((0..<200).map { RecordingDelegate("N\($0)", log: log) })
        delegates[0].onSave = { [multicast] in for delegate in added { multicast.add(delegate) } }

        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "B:save", "C:save"])
        #expect(multicast.count == 203)
    }

    @Test("adding a present delegate again during a broadcast changes nothing")
    func duplicateAddDuringBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        delegates[1].onSave = { [multicast] in
            multicast.add(delegates[0])
            multicast.add(delegates[1])
            multicast.add(delegates[2])
        }
        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "B:save", "C:save"])
        #expect(labels() == ["A", "B", "C"])
    }

    // MARK: Removing during a broadcast

    @Test("a delegate removed during a broadcast is not called after its removal")
    func removedLaterDelegateIsNotCalled() {
        let delegates = addDelegates("A", "B", "C", "D")
        delegates[1].onSave = { [multicast] in multicast.remove(delegates[2]) }

        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save", "B:save", "D:save"])
        #expect(labels() == ["A", "B", "D"])
    }

    @Test("a delegate removed by the broadcast body is not called after its removal")
    func removedByTheBodyIsNotCalled() {
        let delegates = addDelegates("A", "B", "C")
        multicast.invoke { delegate in
            delegate.didSave()
            if delegate === delegates[0] { multicast.remove(delegates[1]) }
        }
        #expect(log.entries == ["A:save", "C:save"])
    }

    @Test("a delegate that removes itself during a broadcast lets the rest be called, and is not called again")
    func removingItself() {
        let delegates = addDelegates("A", "B", "C")
        delegates[1].onSave = { [multicast, unowned b = delegates[1]] in multicast.remove(b) }

        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "B:save", "C:save"])

        log.clear()
        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "C:save"])
    }

    @Test("removing an already-called delegate during a broadcast only affects later broadcasts")
    func removingAnEarlierDelegate() {
        let delegates = addDelegates("A", "B", "C")
        delegates[2].onSave = { [multicast] in multicast.remove(delegates[0]) }

        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "B:save", "C:save"])

        delegates[2].onSave = nil
        log.clear()
        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["B:save", "C:save"])
    }

    @Test("removing the last delegate during a broadcast skips it")
    func removingTheLastDelegate() {
        let delegates = addDelegates("A", "B", "C")
        delegates[0].onSave = { [multicast] in multicast.remove(delegates[2]) }
        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "B:save"])
    }

    @Test("removeAll during a broadcast stops the rest of that broadcast")
    func removeAllDuringBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        delegates[0].onSave = { [multicast] in multicast.removeAll() }

        multicast.invoke { $0.didSave() }

        #expect(log.entries == ["A:save"])
        #expect(multicast.isEmpty)
    }

    @Test("a delegate removed and added again during a broadcast is not called by it, and is last in the next one")
    func removedAndReAddedDuringBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        delegates[0].onSave = { [multicast] in
            multicast.remove(delegates[1])
            multicast.add(delegates[1])
        }

        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "C:save"])

        delegates[0].onSave = nil
        log.clear()
        multicast.invoke { $0.didSave() }
        #expect(log.entries == ["A:save", "C:save", "B:save"])
    }

    @Test("count, iteration and subscripts reflect a removal made during a broadcast at once")
    func viewsDuringBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        var seen: (count: Int, labels: [String], second: String?, positionOfC: Int?)?
        delegates[0].onSave = { [multicast] in
            multicast.remove(delegates[1])
            seen = (
                multicast.count,
                multicast.map { ($0 as? RecordingDelegate)?.label ?? "?" },
                (multicast[1] as? RecordingDelegate)?.label,
                multicast[delegates[2]]
            )
        }
        multicast.invoke { $0.didSave() }
        #expect(seen?.count == 2)
        #expect(seen?.labels == ["A", "C"])
        #expect(seen?.second == "C")
        #expect(seen?.positionOfC == 1)
    }

    // MARK: Deallocation during a broadcast

    @Test("a delegate deallocated during a broadcast before its turn is not called (the body drops its last reference)")
    func deallocatedByTheBody() {
        let delegates = addDelegates("A", "B")
        var doomed: RecordingDelegate? = RecordingDelegate("C", log: log)
        weak let probe = doomed
        multicast.add(doomed!)
        let last = keeper.keep(RecordingDelegate("D", log: log))
        multicast.add(last)

        multicast.invoke { delegate in
            delegate.didSave()
            if delegate === delegates[0] { doomed = nil }
        }

        #expect(probe == nil)
        #expect(log.entries == ["A:save", "B:save", "D:save"])
        #expect(labels() == ["A", "B", "D"])
    }

    @Test("a delegate deallocated by another delegate's callback before its turn is not called")
    func deallocatedByACallback() {
        let delegates = addDelegates("A")
        var doomed: RecordingDelegate? = RecordingDelegate("B", log: log)
        weak let probe = doomed
        multicast.add(doomed!)
        delegates[0].onSave = { doomed = nil }

        multicast.invoke { $0.didSave() }

        #expect(probe == nil)
        #expect(log.entries == ["A:save"])
        #expect(multicast.count == 1)
    }

    @Test("a delegate whose last reference is dropped during its own call finishes the call, then is gone")
    func deallocatedDuringItsOwnCall() {
        let delegates = addDelegates("A")
        var doomed: RecordingDelegate? = RecordingDelegate("B", log: log)
        weak let probe = doomed
        multicast.add(doomed!)
        let last = keeper.keep(RecordingDelegate("C", log: log))
        multicast.add(last)
        doomed?.onSave = { doomed = nil }

        multicast.invoke { $0.didSave() }

        #expect(probe == nil)
        #expect(log.entries == ["A:save", "B:save", "C:save"])
        #expect(labels() == ["A", "C"])
        #expect(delegates.count == 1)
    }
}
