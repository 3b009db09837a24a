@testable import Multicast
import Testing

/// Publink: typed publish/subscribe — delivery order, the latest value and replay to new subscribers.
@MainActor
@Suite("Publink: delivery order, latest value and replay")
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
}
