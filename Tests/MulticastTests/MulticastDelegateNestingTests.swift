import Multicast
import Testing

/// Broadcasts started from inside a broadcast run depth first: the inner one reaches every delegate
/// before the outer one continues after the caller; removal, addition and release still follow the
/// snapshot rules at each level.
@MainActor
@Suite("MulticastDelegate nested broadcasts: depth-first order")
struct MulticastDelegateNestingTests: DelegateFixture {
    let log = CallLog()
    let multicast = MulticastDelegate<any ProfileModelDelegate>()
    let keeper = Keeper()

    // MARK: Nested broadcasts

    @Test("a nested broadcast runs depth first: [outer A, inner A, inner B, inner C, outer B, outer C]")
    func nestedBroadcastIsDepthFirst() {
        let model = ProfileModel()
        let delegates = keeper.keep(["A", "B", "C"].map { RecordingDelegate($0, log: log) })
        for delegate in delegates { model.delegates += delegate }
        delegates[0].onUpdate = { name in if name == "outer" { model.rename("inner") } }

        model.rename("outer")

        #expect(log.entries == ["A:outer", "A:inner", "B:inner", "C:inner", "B:outer", "C:outer"])
    }

    @Test("a model that broadcasts its current value keeps every delegate on the newest state after a nested broadcast")
    func nestedBroadcastOfTheCurrentValue() {
        let model = ProfileModel()
        let delegates = keeper.keep(["A", "B", "C"].map { RecordingDelegate($0, log: log) })
        for delegate in delegates { model.delegates += delegate }
        delegates[0].onUpdate = { name in if name == "outer" { model.renameBroadcastingCurrentName("inner") } }

        model.renameBroadcastingCurrentName("outer")

        #expect(log.entries == ["A:outer", "A:inner", "B:inner", "C:inner", "B:inner", "C:inner"])
    }

    @Test("nested broadcasts from a middle delegate, two levels deep, are depth first")
    func twoLevelsOfNesting() {
        let delegates = addDelegates("A", "B", "C")
        delegates[1].onUpdate = { [multicast] name in
            switch name {
            case "1": multicast.invoke { $0.didUpdate(name: "2") }
            case "2": multicast.invoke { $0.didUpdate(name: "3") }
            default: break
            }
        }
        multicast.invoke { $0.didUpdate(name: "1") }
        #expect(log.entries == [
            "A:1", "B:1",
            "A:2", "B:2",
            "A:3", "B:3", "C:3",
            "C:2",
            "C:1",
        ])
    }

    @Test("a delegate removed during a nested broadcast is called by neither broadcast after its removal")
    func removalDuringNestedBroadcast() {
        let delegates = addDelegates("A", "B", "C", "D")
        delegates[0].onUpdate = { [multicast] name in
            if name == "outer" { multicast.invoke { $0.didUpdate(name: "inner") } }
        }
        delegates[1].onUpdate = { [multicast] name in
            if name == "inner" { multicast.remove(delegates[2]) }
        }

        multicast.invoke { $0.didUpdate(name: "outer") }

        #expect(log.entries == ["A:outer", "A:inner", "B:inner", "D:inner", "B:outer", "D:outer"])
        #expect(labels() == ["A", "B", "D"])
    }

    @Test("a delegate that removes itself during a nested broadcast is not called by the outer one afterwards")
    func selfRemovalDuringNestedBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        delegates[0].onUpdate = { [multicast] name in
            if name == "outer" { multicast.invoke { $0.didUpdate(name: "inner") } }
        }
        delegates[1].onUpdate = { [multicast, unowned b = delegates[1]] name in
            if name == "inner" { multicast.remove(b) }
        }

        multicast.invoke { $0.didUpdate(name: "outer") }

        #expect(log.entries == ["A:outer", "A:inner", "B:inner", "C:inner", "C:outer"])
    }

    @Test("a delegate deallocated during a nested broadcast is skipped by the outer one")
    func deallocationDuringNestedBroadcast() {
        let delegates = addDelegates("A", "B")
        var doomed: RecordingDelegate? = RecordingDelegate("C", log: log)
        weak let probe = doomed
        multicast.add(doomed!)
        delegates[0].onUpdate = { [multicast] name in
            if name == "outer" { multicast.invoke { $0.didUpdate(name: "inner") } }
        }
        delegates[1].onUpdate = { name in if name == "inner" { doomed = nil } }

        multicast.invoke { $0.didUpdate(name: "outer") }

        #expect(probe == nil)
        #expect(log.entries == ["A:outer", "A:inner", "B:inner", "B:outer"])
    }

    @Test("a delegate added during a nested broadcast is called by neither broadcast, then by the next one")
    func addDuringNestedBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        let late = keeper.keep(RecordingDelegate("Late", log: log))
        delegates[0].onUpdate = { [multicast] name in
            if name == "outer" { multicast.invoke { $0.didUpdate(name: "inner") } }
        }
        delegates[1].onUpdate = { [multicast] name in
            if name == "inner" { multicast.add(late) }
        }

        multicast.invoke { $0.didUpdate(name: "outer") }
        #expect(log.entries == ["A:outer", "A:inner", "B:inner", "C:inner", "B:outer", "C:outer"])

        log.clear()
        multicast.invoke { $0.didUpdate(name: "next") }
        #expect(log.entries == ["A:next", "B:next", "C:next", "Late:next"])
    }

    @Test("a delegate added during the outer broadcast before a nested one starts is reached by the nested one only")
    func addBeforeNestedBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        let late = keeper.keep(RecordingDelegate("Late", log: log))
        delegates[0].onUpdate = { [multicast] name in
            if name == "outer" {
                multicast.add(late)
                multicast.invoke { $0.didUpdate(name: "inner") }
            }
        }

        multicast.invoke { $0.didUpdate(name: "outer") }

        #expect(log.entries == [
            "A:outer", "A:inner", "B:inner", "C:inner", "Late:inner", "B:outer", "C:outer",
        ])
    }

    @Test("a delegate removed during the outer broadcast before a nested one starts is reached by neither")
    func removeBeforeNestedBroadcast() {
        let delegates = addDelegates("A", "B", "C")
        delegates[0].onUpdate = { [multicast] name in
            if name == "outer" {
                multicast.remove(delegates[1])
                multicast.invoke { $0.didUpdate(name: "inner") }
            }
        }

        multicast.invoke { $0.didUpdate(name: "outer") }

        #expect(log.entries == ["A:outer", "A:inner", "C:inner", "C:outer"])
    }

    @Test("the depth-first rule holds when every delegate re-broadcasts once")
    func everyDelegateReBroadcasts() {
        let delegates = addDelegates("A", "B")
        for delegate in delegates {
            delegate.onUpdate = { [multicast, unowned delegate] name in
                if name == "outer" { multicast.invoke { $0.didUpdate(name: "from \(delegate.label)") } }
            }
        }
        multicast.invoke { $0.didUpdate(name: "outer") }
        #expect(log.entries == [
            "A:outer", "A:from A", "B:from A",
            "B:outer", "A:from B", "B:from B",
        ])
    }
}
