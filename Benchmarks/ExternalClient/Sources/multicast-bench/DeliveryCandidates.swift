import Foundation
import Multicast

/// Builds the candidates for `n` subscribers; each gets its own subscriber objects. Every candidate
/// spells out its own event loop: a shared helper would add a closure call per event, which at N = 1
/// is a third of what is measured.
enum DeliveryCandidates {
    static func all(subscribers n: Int) -> [DeliveryCandidate] {
        [
            strongArray(n),
            strongArrayOfWeaklyReferencedObjects(n),
            textbookMulticastDelegate(n),
            notificationCenter(n),
            multicastDelegate(n),
            unspecializedMulticastDelegate(n),
            publink(n),
            publinkWeakBlocks(n),
            weakLoadFloor(n),
            clientShape(n),
        ]
    }

    private static func makeSubscribers(_ n: Int) -> [Subscriber] {
        (0..<n).map { _ in Subscriber() }
    }

    private static func total(_ subscribers: [Subscriber]) -> Int {
        subscribers.reduce(0) { $0 &+ $1.total }
    }

    /// (a) A loop over a strong `[any Receiver]`.
    static func strongArray(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let subscribers: [any Receiver] = objects
        var event = 0
        return DeliveryCandidate(
            key: "a", name: "strong [any P]",
            deliver: { events in
                for _ in 0..<events {
                    event &+= 1
                    let current = event
                    for subscriber in subscribers { subscriber.receive(current) }
                }
            },
            checksum: { total(objects) },
            keepAlive: []
        )
    }

    /// (b) The same loop, over objects that are also weakly referenced elsewhere, so each has a weak-reference
    /// side table and its retain/release take the side-table path: the runtime's floor for weak storage.
    static func strongArrayOfWeaklyReferencedObjects(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let sideReferences = objects.map { Weak(value: $0) }
        let subscribers: [any Receiver] = objects
        var event = 0
        return DeliveryCandidate(
            key: "b", name: "strong [any P], weakly referenced",
            deliver: { events in
                for _ in 0..<events {
                    event &+= 1
                    let current = event
                    for subscriber in subscribers { subscriber.receive(current) }
                }
            },
            checksum: { total(objects) },
            keepAlive: [sideReferences]
        )
    }

    /// (c) The textbook implementation from the multicast-delegate article.
    static func textbookMulticastDelegate(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let textbook = TextbookMulticastDelegate<any Receiver>()
        for object in objects { textbook.add(object) }
        var event = 0
        return DeliveryCandidate(
            key: "c", name: "textbook MulticastDelegate",
            deliver: { events in
                for _ in 0..<events {
                    event &+= 1
                    let current = event
                    textbook.invoke { $0.receive(current) }
                }
            },
            checksum: { total(objects) },
            keepAlive: [objects]
        )
    }

    /// (d) Foundation's NotificationCenter: one observer block per subscriber, one post per event.
    static func notificationCenter(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let center = NotificationCenter()
        let name = Notification.Name("MulticastBench.event")
        let payload = EventPayload()
        let tokens = objects.map { subscriber in
            let box = UncheckedSendable(value: subscriber)
            return center.addObserver(forName: name, object: nil, queue: nil) { _ in
                box.value.receive(payload.value)
            }
        }
        return DeliveryCandidate(
            key: "d", name: "NotificationCenter",
            deliver: { events in
                for _ in 0..<events {
                    payload.value &+= 1
                    center.post(name: name, object: nil)
                }
            },
            checksum: { total(objects) },
            keepAlive: [center, tokens]
        )
    }

    /// (e) Our `MulticastDelegate<any Receiver>` with `invoke`.
    static func multicastDelegate(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let multicast = MulticastDelegate<any Receiver>()
        for object in objects { multicast.add(object) }
        var event = 0
        return DeliveryCandidate(
            key: "e", name: "MulticastDelegate",
            deliver: { events in
                for _ in 0..<events {
                    event &+= 1
                    let current = event
                    multicast.invoke { $0.receive(current) }
                }
            },
            checksum: { total(objects) },
            keepAlive: [objects]
        )
    }

    /// (i) Our `MulticastDelegate` in the shape a client writes: `clientDeliver` in main.swift, called from
    /// a `@MainActor` function, not built next to the measured loop.
    static func clientShape(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let multicast = MulticastDelegate<any Receiver>()
        for object in objects { multicast.add(object) }
        // The benchmark runs on the main thread: the delegate is only ever used there.
        let confined = UncheckedSendable(value: multicast)
        var event = 0
        return DeliveryCandidate(
            key: "i", name: "MulticastDelegate, client shape",
            deliver: { events in
                let first = event &+ 1
                event &+= events
                MainActor.assumeIsolated { clientBroadcasts(confined.value, from: first, count: events) }
            },
            checksum: { total(objects) },
            keepAlive: [objects]
        )
    }

    /// (g) Our `MulticastDelegate` called from generic code the optimizer does not specialize (as when
    /// a client's own generic type wraps it): the library's unspecialized `invoke`.
    static func unspecializedMulticastDelegate(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let multicast = MulticastDelegate<any Receiver>()
        for object in objects { multicast.add(object) }
        var event = 0
        return DeliveryCandidate(
            key: "g", name: "MulticastDelegate, unspecialized",
            deliver: { events in
                for _ in 0..<events {
                    event &+= 1
                    broadcastUnspecialized(multicast, event) { $0.receive($1) }
                }
            },
            checksum: { total(objects) },
            keepAlive: [objects]
        )
    }

    /// (f) Our `Publink<Int>`, the documented way: one subscription per subscriber with the subscriber
    /// as its owner (held weakly by the link, handed to the block).
    static func publink(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let link = Publink<Int>()
        for subscriber in objects { link.subscribe(subscriber) { $0.receive($1) } }
        var event = 0
        return DeliveryCandidate(
            key: "f", name: "Publink",
            deliver: { events in
                for _ in 0..<events {
                    event &+= 1
                    link.publish(event)
                }
            },
            checksum: { total(objects) },
            keepAlive: [objects, link]
        )
    }

    /// (h) `Publink<Int>` with blocks that capture their subscriber weakly themselves (`[weak subscriber]`).
    static func publinkWeakBlocks(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let link = Publink<Int>()
        let subscriptions = objects.map { subscriber in
            link.subscribe { [weak subscriber] in subscriber?.receive($0) }
        }
        var event = 0
        return DeliveryCandidate(
            key: "h", name: "Publink, [weak] blocks",
            deliver: { events in
                for _ in 0..<events {
                    event &+= 1
                    link.publish(event)
                }
            },
            checksum: { total(objects) },
            keepAlive: [objects, subscriptions]
        )
    }

    /// (w) Reference: the weak-storage floor (see `WeakReceiverBuffer`).
    static func weakLoadFloor(_ n: Int) -> DeliveryCandidate {
        let objects = makeSubscribers(n)
        let buffer = WeakReceiverBuffer(objects)
        var event = 0
        return DeliveryCandidate(
            key: "w", name: "floor: in-place weak load",
            deliver: { events in
                for _ in 0..<events {
                    event &+= 1
                    buffer.deliver(event)
                }
            },
            checksum: { total(objects) },
            keepAlive: [objects]
        )
    }
}

/// Broadcasts through `multicast` from a generic function the optimizer is told not to specialize.
@inline(never) @_semantics("optimize.sil.specialize.generic.never")
func broadcastUnspecialized<T>(_ multicast: MulticastDelegate<T>, _ event: Int, _ call: (T, Int) -> Void) {
    multicast.invoke { call($0, event) }
}
