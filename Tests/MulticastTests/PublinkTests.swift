@testable import Multicast
import Testing

/// An owner that subscribes with a weak capture of itself, as the documentation recommends.
@MainActor
private final class Renderer {
    var rendered: [String] = []
    var subscription: Subscription?

    init(_ link: Publink<String>) {
        subscription = link.subscribe { [weak self] in self?.rendered.append($0) }
    }
}

/// Publink: typed publish/subscribe with `Subscription` lifetimes.
@MainActor
@Suite("Publink: delivery order, latest, replay, cancellation, lifetimes")
struct PublinkTests {
    let link = Publink<String>()
    let log = CallLog()

    func subscribe(_ label: String, to link: Publink<String>? = nil) -> Subscription {
        (link ?? self.link).subscribe { [log] in log.record("\(label):\($0)") }
    }

    // MARK: Delivery

    @Test("subscribers receive each value in the order they subscribed")
    func subscriptionOrder() {
        let subscriptions = ["A", "B", "C"].map { subscribe($0) }
        link.publish("1")
        link.publish("2")
        #expect(log.entries == ["A:1", "B:1", "C:1", "A:2", "B:2", "C:2"])
        #expect(link.subscriberCount == 3)
        withExtendedLifetime(subscriptions) {}
    }

    @Test("publishing with no subscriber does nothing but remember the value")
    func publishWithoutSubscribers() {
        link.publish("alone")
        #expect(log.entries.isEmpty)
        #expect(link.latest == "alone")
        #expect(link.subscriberCount == 0)
    }

    @Test("latest is nil before the first publish, then the most recently published value")
    func latest() {
        #expect(link.latest == nil)
        link.publish("1")
        #expect(link.latest == "1")
        link.publish("2")
        #expect(link.latest == "2")
    }

    @Test("latest is already the new value while subscribers receive it")
    func latestDuringPublish() {
        var seen: [String?] = []
        let subscription = link.subscribe { [link] _ in seen.append(link.latest) }
        link.publish("1")
        #expect(seen == ["1"])
        withExtendedLifetime(subscription) {}
    }

    // MARK: Replay

    @Test("by default a new subscriber receives nothing until the next publish")
    func noReplayByDefault() {
        #expect(link.replaysLast == false)
        link.publish("old")
        let subscription = subscribe("A")
        #expect(log.entries.isEmpty)
        link.publish("new")
        #expect(log.entries == ["A:new"])
        withExtendedLifetime(subscription) {}
    }

    @Test("with replaysLast a new subscriber receives the latest value once, at once")
    func replayLatestOnce() {
        let replaying = Publink<String>(replaysLast: true)
        replaying.publish("1")
        replaying.publish("2")
        let subscription = subscribe("A", to: replaying)
        #expect(log.entries == ["A:2"])
        replaying.publish("3")
        #expect(log.entries == ["A:2", "A:3"])
        withExtendedLifetime(subscription) {}
    }

    @Test("with replaysLast but nothing published yet, a new subscriber receives nothing")
    func replayWithNothingPublished() {
        let replaying = Publink<String>(replaysLast: true)
        let subscription = subscribe("A", to: replaying)
        #expect(log.entries.isEmpty)
        replaying.publish("1")
        #expect(log.entries == ["A:1"])
        withExtendedLifetime(subscription) {}
    }

    @Test("with replaysLast each new subscriber gets its own replay, earlier ones get nothing extra")
    func replayPerSubscriber() {
        let replaying = Publink<String>(replaysLast: true)
        replaying.publish("1")
        let first = subscribe("A", to: replaying)
        let second = subscribe("B", to: replaying)
        #expect(log.entries == ["A:1", "B:1"])
        withExtendedLifetime((first, second)) {}
    }

    @Test("a replayed nil is delivered when the value type is optional")
    func replayOfOptionalNil() {
        let optional = Publink<String?>(replaysLast: true)
        optional.publish(nil)
        var received: [String?] = []
        let subscription = optional.subscribe { received.append($0) }
        #expect(received == [nil])
        withExtendedLifetime(subscription) {}
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

    // MARK: Lifetimes

    @Test("a block that captures its owner weakly makes no retain cycle: the owner is deallocated")
    func noRetainCycle() {
        weak var probe: Renderer?
        do {
            let renderer = Renderer(link)
            probe = renderer
            link.publish("1")
            #expect(renderer.rendered == ["1"])
        }
        #expect(probe == nil)
        #expect(link.subscriberCount == 0)
        link.publish("2")
    }

    @Test("a Set<Subscription> keeps subscriptions alive; releasing the set stops delivery")
    func subscriptionSet() {
        var bag: Set<Subscription>? = []
        subscribe("A").store(in: &bag!)
        subscribe("B").store(in: &bag!)
        #expect(bag?.count == 2)

        link.publish("1")
        bag = nil
        link.publish("2")

        #expect(log.entries == ["A:1", "B:1"])
        #expect(link.subscriberCount == 0)
    }

    @Test("emptying a Set<Subscription> stops delivery")
    func emptyingTheSet() {
        var bag = Set<Subscription>()
        subscribe("A").store(in: &bag)
        link.publish("1")
        bag.removeAll()
        link.publish("2")
        #expect(log.entries == ["A:1"])
    }

    @Test("subscriptions are equal and hash only by identity")
    func subscriptionIdentity() {
        let a = subscribe("A")
        let b = subscribe("B")
        #expect(a == a)
        #expect(a != b)
        var bag = Set<Subscription>()
        a.store(in: &bag)
        a.store(in: &bag)
        b.store(in: &bag)
        #expect(bag.count == 2)
    }

    @Test("a publink deallocated before its subscriptions: cancelling or releasing them is harmless")
    func publinkDeallocatedFirst() {
        weak var probe: Publink<String>?
        var first: Subscription?
        var second: Subscription?
        do {
            let shortLived = Publink<String>()
            probe = shortLived
            first = subscribe("A", to: shortLived)
            second = subscribe("B", to: shortLived)
            shortLived.publish("1")
        }
        #expect(probe == nil)
        first?.cancel()
        first = nil
        second = nil
        #expect(log.entries == ["A:1", "B:1"])
        withExtendedLifetime((first, second)) {}
    }

    @Test("the publink does not retain subscriptions; a subscription does not retain its publink")
    func noRetentionBetweenLinkAndSubscription() {
        weak var subscriptionProbe: Subscription?
        do {
            let subscription = subscribe("A")
            subscriptionProbe = subscription
        }
        #expect(subscriptionProbe == nil)
        #expect(link.subscriberCount == 0)
    }
}
