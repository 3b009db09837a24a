@testable import Multicast
import Testing

/// Publink: cancelling or releasing subscriptions, and subscribing or publishing from inside a publish.
@MainActor
@Suite("Publink: cancellation and re-entrant publishing")
struct PublinkCancellationTests {
    let link = Publink<String>()
    let log = CallLog()

    func subscribe(_ label: String, to link: Publink<String>? = nil) -> Subscription {
        (link ?? self.link).subscribe { [log] in log.record("\(label):\($0)") }
    }

    // MARK: Cancellation and release

    @Test("cancelling a subscription stops its delivery and marks it cancelled")
    func cancelStopsDelivery() {
        let a = subscribe("A")
        let b = subscribe("B")
        link.publish("1")
        #expect(!a.isCancelled)
        a.cancel()
        #expect(a.isCancelled)
        link.publish("2")
        #expect(log.entries == ["A:1", "B:1", "B:2"])
        #expect(link.subscriberCount == 1)
        withExtendedLifetime(b) {}
    }

    @Test("releasing a subscription stops its delivery")
    func releaseStopsDelivery() {
        var a: Subscription? = subscribe("A")
        let b = subscribe("B")
        link.publish("1")
        a = nil
        link.publish("2")
        #expect(log.entries == ["A:1", "B:1", "B:2"])
        #expect(link.subscriberCount == 1)
        withExtendedLifetime((a, b)) {}
    }

    @Test("cancelling twice, or cancelling then releasing, is harmless")
    func cancelTwice() {
        var a: Subscription? = subscribe("A")
        let b = subscribe("B")
        a?.cancel()
        a?.cancel()
        a = nil
        link.publish("1")
        #expect(log.entries == ["B:1"])
        #expect(link.subscriberCount == 1)
        withExtendedLifetime(b) {}
    }

    @Test("the subscription created by init(onCancel:) runs its action exactly once")
    func onCancelRunsOnce() {
        var runs = 0
        var subscription: Subscription? = Subscription { runs += 1 }
        subscription?.cancel()
        subscription?.cancel()
        subscription = nil
        #expect(runs == 1)

        var released: Subscription? = Subscription { runs += 1 }
        released = nil
        #expect(runs == 2)
        withExtendedLifetime(released) {}
    }

    @Test("a subscriber that cancels a later subscriber during a publish: the later one is not called")
    func cancelLaterDuringPublish() {
        var c: Subscription?
        let a = link.subscribe { [log] in log.record("A:\($0)"); c?.cancel() }
        let b = subscribe("B")
        c = subscribe("C")
        let d = subscribe("D")

        link.publish("1")
        #expect(log.entries == ["A:1", "B:1", "D:1"])
        link.publish("2")
        #expect(log.entries == ["A:1", "B:1", "D:1", "A:2", "B:2", "D:2"])
        #expect(link.subscriberCount == 3)
        withExtendedLifetime((a, b, d)) {}
    }

    @Test("a subscriber that releases a later subscription during a publish: the later one is not called")
    func releaseLaterDuringPublish() {
        var c: Subscription?
        let a = link.subscribe { [log] in log.record("A:\($0)"); c = nil }
        c = subscribe("C")
        link.publish("1")
        #expect(c == nil)
        #expect(log.entries == ["A:1"])
        #expect(link.subscriberCount == 1)
        withExtendedLifetime(a) {}
    }

    @Test("a subscriber that cancels itself during a publish is called once, and the others still are")
    func cancelItselfDuringPublish() {
        let a = subscribe("A")
        var b: Subscription?
        b = link.subscribe { [log] in log.record("B:\($0)"); b?.cancel() }
        let c = subscribe("C")

        link.publish("1")
        link.publish("2")
        #expect(log.entries == ["A:1", "B:1", "C:1", "A:2", "C:2"])
        #expect(b?.isCancelled == true)
        withExtendedLifetime((a, c)) {}
    }

    @Test("a subscriber that cancels an earlier subscriber during a publish only affects later publishes")
    func cancelEarlierDuringPublish() {
        let a = subscribe("A")
        let b = link.subscribe { [log] in log.record("B:\($0)"); a.cancel() }
        link.publish("1")
        link.publish("2")
        #expect(log.entries == ["A:1", "B:1", "B:2"])
        withExtendedLifetime(b) {}
    }

    @Test("a subscriber added during a publish receives the next value, not the current one")
    func subscribeDuringPublish() {
        var late: Subscription?
        let a = link.subscribe { [log, link] value in
            log.record("A:\(value)")
            if late == nil { late = link.subscribe { [log] in log.record("Late:\($0)") } }
        }
        let b = subscribe("B")

        link.publish("1")
        #expect(log.entries == ["A:1", "B:1"])
        link.publish("2")
        #expect(log.entries == ["A:1", "B:1", "A:2", "B:2", "Late:2"])
        withExtendedLifetime((a, b)) {}
    }

    @Test("with replaysLast a subscriber added during a publish gets the current value at once, then the next one")
    func replayingSubscribeDuringPublish() {
        let replaying = Publink<String>(replaysLast: true)
        var late: Subscription?
        let a = replaying.subscribe { [log] value in
            log.record("A:\(value)")
            if late == nil { late = replaying.subscribe { [log] in log.record("Late:\($0)") } }
        }
        let b = subscribe("B", to: replaying)

        replaying.publish("1")
        #expect(log.entries == ["A:1", "Late:1", "B:1"])
        replaying.publish("2")
        #expect(log.entries == ["A:1", "Late:1", "B:1", "A:2", "B:2", "Late:2"])
        withExtendedLifetime((a, b)) {}
    }

    @Test("a nested publish is delivered depth first; later subscribers then receive the outer value last")
    func nestedPublishIsDepthFirst() {
        let a = link.subscribe { [log, link] value in
            log.record("A:\(value)")
            if value == "outer" { link.publish("inner") }
        }
        let b = subscribe("B")
        let c = subscribe("C")

        link.publish("outer")

        #expect(log.entries == ["A:outer", "A:inner", "B:inner", "C:inner", "B:outer", "C:outer"])
        #expect(link.latest == "inner")
        withExtendedLifetime((a, b, c)) {}
    }

    @Test("a subscription cancelled during a nested publish is skipped by the outer one too")
    func cancelDuringNestedPublish() {
        var c: Subscription?
        let a = link.subscribe { [log, link] value in
            log.record("A:\(value)")
            if value == "outer" { link.publish("inner") }
        }
        let b = link.subscribe { [log] value in
            log.record("B:\(value)")
            if value == "inner" { c?.cancel() }
        }
        c = subscribe("C")

        link.publish("outer")

        #expect(log.entries == ["A:outer", "A:inner", "B:inner", "B:outer"])
        #expect(link.subscriberCount == 2)
        withExtendedLifetime((a, b)) {}
    }

    @Test("cancelled slots are dropped once publishing ends, and churn keeps the storage small")
    func cancelledSlotsAreReclaimed() {
        var subscriptions: [Subscription] = []
        for round in 0..<10_000 {
            subscriptions.append(subscribe("S"))
            if subscriptions.count > 5 { subscriptions.remove(at: round % subscriptions.count) }
        }
        #expect(link.slots.count == 5)

        let canceller = link.subscribe { _ in for subscription in subscriptions { subscription.cancel() } }
        link.publish("x")
        #expect(link.subscriberCount == 1)
        #expect(link.slots.count == 1)
        withExtendedLifetime(canceller) {}
    }
}
