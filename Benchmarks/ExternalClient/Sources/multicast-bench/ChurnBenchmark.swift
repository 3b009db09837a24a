import Multicast

/// ns per add+remove pair of one subscriber among `live` others, ours against the textbook version.
struct ChurnBenchmark {
    struct Result {
        /// Add a new subscriber (it goes last), then remove it.
        let oursAddRemove: Double
        let textbookAddRemove: Double
        /// Remove the oldest subscriber, then add it back (it goes last): exercises tombstones and reclamation.
        let oursRemoveReAdd: Double
        let textbookRemoveReAdd: Double
    }

    let live: Int
    let runner: SampleRunner

    func run() -> (result: Result, checksum: Int) {
        let objects = (0..<live).map { _ in Subscriber() }
        let spare = Subscriber()

        let ours = MulticastDelegate<any Receiver>()
        let textbook = TextbookMulticastDelegate<any Receiver>()
        for object in objects {
            ours.add(object)
            textbook.add(object)
        }
        let oursForRotation = MulticastDelegate<any Receiver>()
        let textbookForRotation = TextbookMulticastDelegate<any Receiver>()
        for object in objects {
            oursForRotation.add(object)
            textbookForRotation.add(object)
        }
        var oursNext = 0
        var textbookNext = 0

        let medians = runner.medians([
            { repetitions in
                for _ in 0..<repetitions {
                    ours.add(spare)
                    ours.remove(spare)
                }
            },
            { repetitions in
                for _ in 0..<repetitions {
                    textbook.add(spare)
                    textbook.remove(spare)
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
                    let object = objects[textbookNext]
                    textbookNext = textbookNext == objects.count - 1 ? 0 : textbookNext + 1
                    textbookForRotation.remove(object)
                    textbookForRotation.add(object)
                }
            },
        ], unitsPerRepetition: 1)

        // Sanity: both still hold exactly the `live` subscribers, oldest-first order rotated.
        precondition(ours.count == live && !ours.contains(spare))
        precondition(oursForRotation.count == live)
        var checksum = ours.count &+ oursForRotation.count
        textbook.invoke { _ in checksum &+= 1 }
        textbookForRotation.invoke { _ in checksum &+= 1 }
        withExtendedLifetime(objects) {}
        return (Result(oursAddRemove: medians[0], textbookAddRemove: medians[1],
                       oursRemoveReAdd: medians[2], textbookRemoveReAdd: medians[3]), checksum)
    }
}
