@testable import Multicast
import Testing

/// Random runs of subscribe / cancel / release / publish (with nested actions inside blocks), checked
/// step by step against `PublinkReferenceModel`.
@MainActor
@Suite("Publink property: random operations match the reference model")
struct PublinkPropertyTests {
    nonisolated static let seeds: [UInt64] = [0x5EED_0002, 7, 31_337]
    nonisolated static let steps = 10_000

    @Test(
        "after every random subscribe/cancel/release/publish/nested step, exactly the expected deliveries happened, and subscriberCount, latest and isCancelled agree",
        arguments: seeds, [false, true]
    )
    func matchesReferenceModel(seed: UInt64, replaysLast: Bool) throws {
        print("PublinkPropertyTests seed: 0x\(String(seed, radix: 16)), replaysLast: \(replaysLast), \(Self.steps) steps")
        var generator = PublinkPlanGenerator(seed: seed)
        var model = PublinkReferenceModel(replaysLast: replaysLast)
        let harness = PublinkHarness(replaysLast: replaysLast)

        for step in 0..<Self.steps {
            let action = generator.step(held: model.held.sorted(), active: model.active)
            model.clearDeliveries()
            harness.clearDeliveries()
            model.apply(action)
            harness.apply(action)
            let context = Comment(rawValue: "seed 0x\(String(seed, radix: 16)) replaysLast \(replaysLast) step \(step): \(action)")

            try #require(harness.deliveries == model.deliveries, context)
            try #require(harness.link.subscriberCount == model.active.count, context)
            try #require(harness.link.latest == model.latest, context)
            try #require(Set(harness.subscriptions.keys) == model.held, context)
            for (id, subscription) in harness.subscriptions {
                try #require(subscription.isCancelled == !model.active.contains(id), context)
            }
            // Internal: no cancelled slot survives the end of the outermost publish.
            try #require(harness.link.slots.count == model.active.count, context)
        }

        #expect(model.firedTriggers > 500)
        #expect(model.skippedBecauseCancelled > 50)
        if replaysLast { #expect(model.replays > 100) }
    }
}
