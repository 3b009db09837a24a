import Multicast
import Testing

@MainActor
private final class MapViewModel: ProfileModelDelegate {
    var saves = 0
    func didUpdate(name: String) {}
    func didSave() { saves += 1 }
}

@MainActor
private final class ListViewModel: ProfileModelDelegate {
    var names: [String] = []
    func didUpdate(name: String) { names.append(name) }
    func didSave() {}
}

/// The read-only views of a multicast (subscripts, `Sequence`, `count`, `description`) and its operators.
@MainActor
@Suite("MulticastDelegate as a collection: subscripts, Sequence, description, operators")
struct MulticastDelegateCollectionTests: DelegateFixture {
    let log = CallLog()
    let multicast = MulticastDelegate<any ProfileModelDelegate>()
    let keeper = Keeper()

    @Test("subscript(index:) returns the live delegates in delivery order, and nil out of range")
    func subscriptByIndex() {
        let delegates = addDelegates("A", "B", "C")

        #expect(multicast[0] === delegates[0])
        #expect(multicast[1] === delegates[1])
        #expect(multicast[2] === delegates[2])
        #expect(multicast[3] == nil)
        #expect(multicast[-1] == nil)
        #expect(multicast[Int.max] == nil)
        #expect(multicast[Int.min] == nil)
    }

    @Test("subscript(index:) follows removals and re-additions")
    func subscriptByIndexAfterChanges() {
        let delegates = addDelegates("A", "B", "C")
        multicast.remove(delegates[0])
        multicast.add(delegates[0])

        #expect(multicast[0] === delegates[1])
        #expect(multicast[1] === delegates[2])
        #expect(multicast[2] === delegates[0])
    }

    @Test("subscript(delegate:) returns the position among live delegates, and nil when absent")
    func subscriptByDelegate() {
        let delegates = addDelegates("A", "B", "C")
        let stranger = RecordingDelegate("Stranger", log: log)

        #expect(multicast[delegates[0]] == 0)
        #expect(multicast[delegates[1]] == 1)
        #expect(multicast[delegates[2]] == 2)
        #expect(multicast[stranger] == nil)

        multicast.remove(delegates[1])
        #expect(multicast[delegates[1]] == nil)
        #expect(multicast[delegates[2]] == 1)
    }

    @Test("the two subscripts agree with each other")
    func subscriptsAgree() {
        let delegates = addDelegates("A", "B", "C", "D")
        multicast.remove(delegates[1])
        for index in 0..<multicast.count {
            let delegate = multicast[index]!
            #expect(multicast[delegate] == index)
        }
    }

    @Test("iteration visits the live delegates in delivery order")
    func iterationOrder() {
        let delegates = addDelegates("A", "B", "C")
        multicast.remove(delegates[0])
        multicast.add(delegates[0])

        var visited: [String] = []
        for delegate in multicast { visited.append((delegate as? RecordingDelegate)?.label ?? "?") }

        #expect(visited == ["B", "C", "A"])
    }

    @Test("Sequence algorithms work on the live delegates")
    func sequenceAlgorithms() {
        let delegates = addDelegates("A", "B", "C")
        multicast.remove(delegates[1])

        #expect(multicast.map { ($0 as? RecordingDelegate)?.label } == ["A", "C"])
        #expect(multicast.first { ($0 as? RecordingDelegate)?.label == "C" } === delegates[2])
        #expect(multicast.contains { $0 === delegates[0] })
        #expect(!multicast.contains { $0 === delegates[1] })
        #expect(Array(multicast).count == 2)
        #expect(multicast.underestimatedCount <= multicast.count)
    }

    @Test("iteration is over a snapshot: a delegate added while iterating is not visited")
    func iterationIsASnapshot() {
        addDelegates("A", "B")
        let late = keeper.keep(RecordingDelegate("Late", log: log))
        var visited: [String] = []
        for delegate in multicast {
            visited.append((delegate as? RecordingDelegate)?.label ?? "?")
            multicast.add(late)
        }
        #expect(visited == ["A", "B"])
        #expect(multicast.count == 3)
    }

    @Test("the iterator holds the delegates it will visit: one released mid-loop is still visited, then deallocated")
    func iteratorHoldsItsDelegates() {
        addDelegates("A")
        var doomed: RecordingDelegate? = RecordingDelegate("B", log: log)
        weak let probe = doomed
        multicast.add(doomed!)
        addDelegates("C")

        var visited: [String] = []
        for delegate in multicast {
            visited.append((delegate as? RecordingDelegate)?.label ?? "?")
            doomed = nil
        }
        #expect(visited == ["A", "B", "C"])
        #expect(probe == nil)
        #expect(multicast.map { ($0 as? RecordingDelegate)?.label } == ["A", "C"])
    }

    @Test("a delegate deallocated before iteration starts is not visited")
    func iterationSkipsDeallocated() {
        addDelegates("A")
        do {
            let doomed = RecordingDelegate("B", log: log)
            multicast.add(doomed)
        }
        addDelegates("C")
        #expect(multicast.map { ($0 as? RecordingDelegate)?.label } == ["A", "C"])
    }

    @Test("count and isEmpty follow additions and removals")
    func countAndIsEmpty() {
        #expect(multicast.isEmpty)
        #expect(multicast.count == 0)
        let delegates = addDelegates("A", "B")
        #expect(!multicast.isEmpty)
        #expect(multicast.count == 2)
        multicast.remove(delegates[0])
        #expect(multicast.count == 1)
        multicast.remove(delegates[1])
        #expect(multicast.isEmpty)
        #expect(multicast.count == 0)
    }

    @Test("description names the delegate type and each live delegate's dynamic type, in delivery order")
    func description() {
        let map = keeper.keep(MapViewModel())
        let list = keeper.keep(ListViewModel())
        multicast.add(map)
        multicast.add(list)

        #expect(multicast.description.hasPrefix("MulticastDelegate<ProfileModelDelegate>["))
        #expect("\(multicast)" == multicast.description)
        #expect(multicast.description == "MulticastDelegate<ProfileModelDelegate>[MapViewModel, ListViewModel]")

        multicast.remove(map)
        #expect(multicast.description == "MulticastDelegate<ProfileModelDelegate>[ListViewModel]")
        multicast.remove(list)
        #expect(multicast.description == "MulticastDelegate<ProfileModelDelegate>[]")
    }

    @Test("description of a multicast of a concrete class names that class")
    func descriptionOfAConcreteClassMulticast() {
        let concrete = MulticastDelegate<MapViewModel>()
        let map = keeper.keep(MapViewModel())
        concrete += map
        #expect(concrete.description == "MulticastDelegate<MapViewModel>[MapViewModel]")
    }

    @Test("`model.delegates += viewModel` adds, `-=` removes, `~>` broadcasts")
    func operators() {
        let model = ProfileModel()
        let map = keeper.keep(MapViewModel())
        let list = keeper.keep(ListViewModel())

        model.delegates += map
        model.delegates += list
        model.delegates += map
        model.delegates ~> { $0.didSave() }
        model.delegates ~> { $0.didUpdate(name: "Lyon") }
        #expect(map.saves == 1)
        #expect(list.names == ["Lyon"])
        #expect(model.delegates.count == 2)
        #expect(model.delegates[0] === map)

        model.delegates -= map
        model.save()
        model.rename("Paris")
        #expect(map.saves == 1)
        #expect(list.names == ["Lyon", "Paris"])
        #expect(model.delegates.count == 1)

        model.delegates -= map
        #expect(model.delegates.count == 1)
    }

    @Test("operators work on a multicast held in a variable too")
    func operatorsOnAVariable() {
        var delegates = MulticastDelegate<any ProfileModelDelegate>()
        let map = keeper.keep(MapViewModel())
        delegates += map
        delegates ~> { $0.didSave() }
        delegates -= map
        delegates ~> { $0.didSave() }
        #expect(map.saves == 1)
        delegates = MulticastDelegate()
        #expect(delegates.isEmpty)
    }
}
