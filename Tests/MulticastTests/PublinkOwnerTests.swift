@testable import Multicast
import Testing

/// Subscriptions with an owner: held weakly by the link, handed to the block, ended by the owner's deallocation.
@MainActor
@Suite("Publink: subscriptions with an owner")
struct PublinkOwnerTests {
    @MainActor
    final class View {
        let name: String
        let log: CallLog
        init(_ name: String, log: CallLog) {
            self.name = name
            self.log = log
        }
        func render(_ value: String) { log.record("\(name):\(value)") }
    }

    let link = Publink<String>(replaysLast: true)
    let log = CallLog()

    @Test("the block receives its owner with every value, in subscription order with other subscribers")
    func deliversWithOwner() {
        let view = View("V", log: log)
        link.subscribe(view) { view, value in view.render(value) }
        let plain = link.subscribe { [log] in log.record("P:\($0)") }
        link.publish("1")
        link.publish("2")
        #expect(log.entries == ["V:1", "P:1", "V:2", "P:2"])
        #expect(link.subscriberCount == 2)
        withExtendedLifetime((view, plain)) {}
    }

    @Test("the owner is not kept alive by the link, and its subscription ends with it")
    func endsWithOwner() {
        weak var gone: View?
        do {
            let view = View("V", log: log)
            gone = view
            link.subscribe(view) { view, value in view.render(value) }
            link.publish("1")
        }
        #expect(gone == nil, "the link kept the owner alive")
        #expect(link.subscriberCount == 0)
        link.publish("2")
        #expect(log.entries == ["V:1"])
        #expect(link.slots.isEmpty, "the ended subscription's slot was not reclaimed")
    }

    @Test("a new subscriber with an owner first gets the latest value")
    func replaysToOwner() {
        link.publish("latest")
        let view = View("V", log: log)
        link.subscribe(view) { view, value in view.render(value) }
        #expect(log.entries == ["V:latest"])
    }

    @Test("cancelling the returned subscription ends it before the owner goes")
    func cancelsEarly() {
        let view = View("V", log: log)
        let subscription = link.subscribe(view) { view, value in view.render(value) }
        link.publish("1")
        subscription.cancel()
        link.publish("2")
        #expect(log.entries == ["V:1"])
        #expect(link.subscriberCount == 0)
        withExtendedLifetime(view) {}
    }

    @Test("an owner deallocated during a publish is not called after that, and nothing crashes")
    func ownerGoesDuringPublish() {
        var second: View? = View("B", log: log)
        let first = View("A", log: log)
        link.subscribe(first) { _, value in
            if value == "drop" { second = nil }
        }
        link.subscribe(second!) { view, value in view.render(value) }
        link.publish("drop")
        link.publish("after")
        #expect(log.entries.isEmpty)
        #expect(link.subscriberCount == 1)
        withExtendedLifetime(first) {}
    }
}
