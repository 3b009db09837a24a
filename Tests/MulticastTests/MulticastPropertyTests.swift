import Multicast
import Testing

/// Random runs checked step by step against `MulticastReferenceModel`, an independent statement of the
/// documented semantics. A failure names its seed and step; rerun that seed to reproduce it.
@MainActor
@Suite("MulticastDelegate property: random operations match the reference model")
struct MulticastPropertyTests {
    nonisolated static let seeds: [UInt64] = [0x5EED_0001, 42, 2_024, 0xDEAD_BEEF, 0x0123_4567_89AB_CDEF]
    nonisolated static let steps = 10_000

    @Test(
        "after every random add/remove/release/invoke/nested step, exactly the expected live delegates were called in order, and count, isEmpty, iteration and subscripts agree",
        arguments: seeds
    )
    func matchesReferenceModel(seed: UInt64) throws {
        print("MulticastPropertyTests seed: 0x\(String(seed, radix: 16)), \(Self.steps) steps")
        var generator = MulticastPlanGenerator(seed: seed)
        var model = MulticastReferenceModel()
        let harness = MulticastHarness()
        var deliveries = 0

        for step in 0..<Self.steps {
            let action = generator.step(held: model.held.sorted(), members: model.members)
            model.clearCalls()
            harness.clearCalls()
            model.apply(action, depth: 0)
            harness.apply(action, depth: 0)
            deliveries += model.calls.count
            let context = Comment(rawValue: "seed 0x\(String(seed, radix: 16)) step \(step): \(action)")

            try #require(harness.calls == model.calls, context)
            try #require(harness.aliveIDs() == model.held, context)
            try check(harness, against: model, context)
        }

        // The run must have exercised the tricky paths, or it proves little.
        #expect(deliveries > 10_000)
        #expect(model.firedTriggers > 500)
        #expect(model.skippedBecauseRemoved > 50)
        #expect(model.skippedBecauseDeallocated > 50)
        #expect(model.releasedWhileBeingCalled > 20)
        #expect(model.deepestBroadcast == 4)
        print("""
            MulticastPropertyTests seed 0x\(String(seed, radix: 16)): \(deliveries) deliveries, \
            \(model.firedTriggers) callbacks acted, \(model.skippedBecauseRemoved) skipped as removed, \
            \(model.skippedBecauseDeallocated) skipped as deallocated, \
            \(model.releasedWhileBeingCalled) released during their own call
            """)
    }

    private func check(_ harness: MulticastHarness, against model: MulticastReferenceModel, _ context: Comment) throws {
        let multicast = harness.multicast
        let expected = model.members
        func id(_ delegate: (any ProfileModelDelegate)?) -> Int? { (delegate as? HarnessDelegate)?.id }

        try #require(multicast.count == expected.count, context)
        try #require(multicast.isEmpty == expected.isEmpty, context)
        try #require(multicast.map { id($0) } == expected, context)
        for index in -1...(expected.count + 1) {
            let want = expected.indices.contains(index) ? expected[index] : nil
            try #require(id(multicast[index]) == want, context)
        }
        for (heldID, delegate) in harness.held {
            try #require(multicast[delegate] == expected.firstIndex(of: heldID), context)
            try #require(multicast.contains(delegate) == expected.contains(heldID), context)
        }
    }
}
