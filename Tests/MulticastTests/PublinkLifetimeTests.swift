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

/// Publink: who keeps whom alive — subscriptions, their owners, sets of subscriptions and the link.
@MainActor
@Suite("Publink: subscription and owner lifetimes")
struct PublinkLifetimeTests {
    let link = Publink<String>()
    let log = CallLog()

    func subscribe(_ label: String, to link: Publink<String>? = nil) -> Subscription {
        (link ?? self.link).subscribe { [log] in log.record("\(label):\($0)") }
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
