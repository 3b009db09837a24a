import Testing
@testable import PlacesCore

/// Three devices edit one library (and the map's layer list) while exchanging commits in random orders, partially and twice;
/// once all have all, they hold one library, the one the commits make by the rules (`SyncReference`).
@Suite struct SyncReplicaPropertyTests {
    @Test(arguments: 0..<40)
    func threeReplicasConvergeToTheReference(seed: UInt64) {
        var simulation = SyncSimulation(seed: 0x5EED_0000 + seed)
        for _ in 0..<60 {
            simulation.edit(on: simulation.random.below(3))
            if simulation.random.chance(0.3) { simulation.deliver(to: simulation.random.below(3), count: 1 + simulation.random.below(4)) }
        }
        simulation.deliverAll()
        let libraries = simulation.devices.map(\.replica.library)
        #expect(libraries[0] == libraries[1])
        #expect(libraries[1] == libraries[2])
        let mapFiles = simulation.devices.map(\.replica.mapFiles)
        #expect(mapFiles[0] == mapFiles[1] && mapFiles[1] == mapFiles[2], "seed \(seed): the map files differ, or their order")
        let reference = SyncReference(commits: simulation.allCommits)
        let merged = SyncReference(libraries[0], mapFiles: mapFiles[0])
        #expect(merged == reference, "seed \(seed): \(merged) against \(reference)")
    }

    /// No edit is lost: each is the value shown, a value kept beside it (made without knowing of it),
    /// or was replaced by an edit made knowing of it, or its entity was deleted knowing of it.
    @Test(arguments: 0..<20)
    func noEditIsLost(seed: UInt64) {
        var simulation = SyncSimulation(seed: 0xED17_0000 + seed)
        for _ in 0..<50 {
            simulation.edit(on: simulation.random.below(3))
            if simulation.random.chance(0.4) { simulation.deliver(to: simulation.random.below(3), count: 2) }
        }
        simulation.deliverAll()
        let replica = simulation.devices[0].replica
        let commits = simulation.allCommits
        for commit in commits {
            for operation in commit.operations {
                guard case .set(let fields) = operation.change else { continue }
                for (field, value) in fields {
                    let shown = replica.value(operation.key, field) == value
                    let keptBeside = replica.alternatives(operation.key).contains { $0.field == field && $0.value == value }
                    let replaced = commits.contains { later in
                        later.id != commit.id && later.header.knows(commit.id) && later.operations.contains { other in
                            guard other.key == operation.key else { return false }
                            if case .set(let otherFields) = other.change { return otherFields[field] != nil }
                            return true
                        }
                    }
                    #expect(shown || keptBeside || replaced, "seed \(seed): \(operation.key) \(field) = \(value) from \(commit.id) was lost")
                }
            }
        }
    }
}
