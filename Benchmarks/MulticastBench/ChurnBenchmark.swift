import Multicast

/// ns per add+remove pair of one subscriber among `live` others, ours against the seed.
struct ChurnBenchmark {
    struct Result {
        /// Add a new subscriber (it goes last), then remove it.
        let oursAddRemove: Double
        let seedAddRemove: Double
        /// Remove the oldest subscriber, then add it back (it goes last): exercises tombstones and reclamation.
        let oursRemoveReAdd: Double
        let seedRemoveReAdd: Double
    }

    let live: Int
    let runner: SampleRunner

    func run() -> (result: Result, checksum: Int) {
        let objects = (0..<live).map { _ in Subscriber() }
        let spare = Subscriber()

        let ours = MulticastDelegate<any Receiver>()
        let seed = SeedMulticastDelegate<any Receiver>()
        for object in objects {
            ours.add(object)
            seed.add(object)
        }
        let oursForRotation = MulticastDelegate<any Receiver>()
        let seedForRotation = SeedMulticastDelegate<any Receiver>()
        for object in objects {
            oursForRotation.add(object)
            seedForRotation.add(object)
        }
        var oursNext = 0
        var seedNext = 0

        let medians = runner.medians([
            { repetitions in
                for _ in 0..<repetitions {
                    ours.add(spare)
                    ours.remove(spare)
                }
            },
            { repetitions in
                for _ in 0..<repetitions {
                    seed.add(spare)
                    seed.remove(spare)
                }
            },
            { repetitions in
                for _ in 0..<repetitions {
                    let object = objects[oursNext]
                    oursNext = oursNext == objects.count - 1 ? 0 : oursNext + 1
                    oursForRotation.remove(object)
                    oursForRotation.add(object)
                }
            },
            { repetitions in
                for _ in 0..<repetitions {
                    let object = objects[seedNext]
                    seedNext = seedNext == objects.count - 1 ? 0 : seedNext + 1
                    seedForRotation.remove(object)
                    seedForRotation.add(object)
                }
            },
        ], unitsPerRepetition: 1)

        // Sanity: both still hold exactly the `live` subscribers, oldest-first order rotated.
        precondition(ours.count == live && !ours.contains(spare))
        precondition(oursForRotation.count == live)
        var checksum = ours.count &+ oursForRotation.count
        seed.invoke { _ in checksum &+= 1 }
        seedForRotation.invoke { _ in checksum &+= 1 }
        withExtendedLifetime(objects) {}
        return (Result(oursAddRemove: medians[0], seedAddRemove: medians[1],
                       oursRemoveReAdd: medians[2], seedRemoveReAdd: medians[3]), checksum)
    }
}
